"""tracks.retrieve / retrieve_public: the owner's view and the public view of GET /v1/tracks/{id}."""

from __future__ import annotations

import httpx
import pytest

from trackforge import TrackforgeError

from .helpers import Recorder, sync_client, track_json

PUBLIC = {
    "id": "trk_9", "object": "public_track", "title": "Jig", "prompt": "celtic jig", "duration": "short",
    "duration_seconds": 30, "music": None, "audio": None, "voice_id": None, "created_at": "2026-11-24T00:00:00Z",
    "urls": {"audio": "/a", "waveform": "/w", "share": "/t/trk_9", "cover": "/c"},
}  # fmt: skip


def test_retrieve_refuses_another_workspaces_public_view_naming_retrieve_public() -> None:
    client = sync_client(lambda _: httpx.Response(200, json=PUBLIC), Recorder())
    with pytest.raises(TrackforgeError, match="retrieve_public"):
        client.tracks.retrieve("trk_9")
    assert client.tracks.retrieve_public("trk_9").urls.share == "/t/trk_9"


def test_retrieve_public_gives_the_public_view_of_your_own_track() -> None:
    client = sync_client(lambda _: httpx.Response(200, json=track_json("trk_1", "ready")), Recorder())
    public = client.tracks.retrieve_public("trk_1")
    assert public.object == "public_track" and public.id == "trk_1"
    assert "workspace_id" not in public.to_dict() and "seed" not in public.to_dict()
    assert client.tracks.retrieve("trk_1").workspace_id == "wsp_1"
