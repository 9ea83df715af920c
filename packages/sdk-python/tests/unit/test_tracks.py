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


def test_numbers_come_back_as_the_json_has_them_whole_numbers_as_int() -> None:
    music = {
        "bpm": 100, "key": "A minor", "time_signature": "4/4", "genre": "techno", "moods": [],
        "instruments": [], "sections": [{"name": "intro", "start": 0, "end": 9.6}],
    }  # fmt: skip
    body = {**track_json("trk_1", "ready"), "bpm": 120, "duration_seconds": 52.364, "music": music}
    track = sync_client(lambda _: httpx.Response(200, json=body), Recorder()).tracks.retrieve("trk_1")
    assert track.music is not None
    assert (track.music.bpm, type(track.music.bpm)) == (100, int)
    assert (track.bpm, type(track.bpm)) == (120, int)
    assert track.duration_seconds == 52.364
    assert track.music.sections[0].end == 9.6


def test_a_client_without_a_key_fails_at_once_naming_the_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    import trackforge

    monkeypatch.delenv("TRACKFORGE_API_KEY", raising=False)
    with pytest.raises(TrackforgeError, match="TRACKFORGE_API_KEY"):
        trackforge.Trackforge()
    with pytest.raises(TrackforgeError, match="TRACKFORGE_API_KEY"):
        trackforge.AsyncTrackforge()
    assert trackforge.Trackforge(api_key="").api_key == ""
