"""Against the real server: create → subscribe → ready → download, a dropped socket, an empty balance."""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path
from typing import List

import httpx
import pytest

from trackforge import (
    AsyncTrackforge,
    InsufficientCreditsError,
    NotFoundError,
    PlanRequiredError,
    Trackforge,
    UnprocessableEntityError,
)
from trackforge.types import Event, SectionParam

from ..midi import MELODY_MIDI
from .mp3 import measure_mp3
from .server import ApiServer, DroppingProxy


def test_create_subscribe_ready_and_the_downloaded_mp3_decodes(client: Trackforge, tmp_path: Path) -> None:
    seen: List[Event] = []
    # Entering `with` opens the socket, so the track's first event (queued) arrives too.
    with client.events.subscribe(timeout=120) as events:
        track = client.tracks.create("dark techno, 128 bpm, A minor", "5s", seed=7, metadata={"run": "e2e"})
        assert (track.status, track.metadata) == ("queued", {"run": "e2e"})
        for event in events:
            if event.data.track is None or event.data.track.id != track.id:
                continue
            seen.append(event)
            if event.type in ("track.ready", "track.failed"):
                break
    assert seen[0].type == "track.queued" and seen[-1].type == "track.ready"
    assert all(e.data.track is not None and e.data.track.id == track.id for e in seen)
    progress = [e.data.track.progress for e in seen if e.type == "track.generating" and e.data.track]
    assert progress == sorted(progress)

    written = client.tracks.download(track.id, "mp3", to=tmp_path / "t.mp3")
    stats = measure_mp3((tmp_path / "t.mp3").read_bytes())
    assert written == (tmp_path / "t.mp3").stat().st_size
    assert (stats.sample_rate, stats.channels) == (44100, 2)
    assert 4.9 <= stats.duration_seconds <= 5.3

    midi = io.BytesIO()
    client.tracks.download(track.id, "midi", to=midi)
    assert midi.getvalue()[:4] == b"MThd"
    stems = io.BytesIO()
    client.tracks.download(track.id, "stems", to=stems)
    assert all(name.endswith(".flac") for name in zipfile.ZipFile(stems).namelist())  # 24-bit FLAC per part
    assert len(client.tracks.waveform(track.id).peaks) > 0
    with client.tracks.stream(track.id) as audio:
        streamed = b"".join(audio.iter_bytes())
    assert measure_mp3(streamed).frames == stats.frames


def test_a_dropped_socket_mid_generation_loses_no_event(server: ApiServer, client: Trackforge) -> None:
    proxy = DroppingProxy(server.port)
    try:
        via_proxy = Trackforge(api_key=server.api_key, base_url=f"http://127.0.0.1:{proxy.port}")
        via_proxy._sleep = lambda _seconds: None  # reconnect at once; the backoff is unit-tested
        track = client.tracks.create("calm lo-fi piano", "5s", seed=3)
        since = client.events.list(limit=1, type="track.queued").data[0].id  # the track's first event
        received: List[str] = [since]
        dropped_after = 0
        with via_proxy.events.subscribe(track_ids=[track.id], last_event_id=since, timeout=120) as events:
            for event in events:
                received.append(event.id)
                if event.type == "track.generating" and not dropped_after:
                    dropped_after = len(received)
                    proxy.drop_all()
                if event.type in ("track.ready", "track.failed"):
                    break
        logged = [e.id for e in client.events.list(limit=100) if e.data.track and e.data.track.id == track.id]
        assert received == list(reversed(logged))  # every event, once, in order
        assert dropped_after and len(received) > dropped_after
        assert proxy.accepted >= 3  # secret fetch, first socket, the socket after the drop
        via_proxy.close()
    finally:
        proxy.close()


def test_an_empty_balance_raises_insufficient_credits(server: ApiServer) -> None:
    anonymous = Trackforge(base_url=server.base_url, api_key="")
    email = "broke@example.com"
    assert anonymous.auth.signup(email, name="Broke").status == "sent"
    mail = httpx.get(f"{server.base_url}/_dev/mail").json()
    token = re.search(r"token=([\w-]+)", next(m["text"] for m in mail if m["to"] == email))
    assert token is not None
    session = anonymous.auth.verify(token.group(1))
    user = Trackforge(base_url=server.base_url, api_key=session.access_token)
    me = user.me()
    assert (me.workspace.plan, me.workspace.credits.balance, me.auth_method) == ("free", 0, "access_token")
    with pytest.raises(InsufficientCreditsError) as caught:
        user.tracks.create("anything", "5s")
    assert (caught.value.status_code, caught.value.code, caught.value.balance) == (402, "insufficient_credits", 0)
    assert caught.value.request_id and caught.value.request_id.startswith("req_")
    with pytest.raises(PlanRequiredError):
        user.api_keys.create("ci")
    assert list(user.tracks.list()) == []


def test_a_variation_and_an_extension_with_sections_of_a_ready_track(client: Trackforge) -> None:
    original = client.tracks.create_and_wait("dark techno, 128 bpm, A minor", "8s", seed=7, timeout=120)
    assert original.status == "ready"
    variation = client.tracks.create_variation(original.id, keep=["drums"], wait_seconds=60)
    assert (variation.kind, variation.parent_track_id, variation.status) == ("variation", original.id, "ready")
    assert variation.seed != original.seed and variation.duration_seconds == original.duration_seconds
    # 128 bpm: 1.875 s a bar; the 8 s original keeps its first 3 bars, then the plan's 4 follow
    plan: List[SectionParam] = [{"name": "chorus", "bars": 4, "energy": 0.9}]
    longer = client.tracks.extend(original.id, sections=plan, wait_seconds=60)
    assert (longer.kind, longer.parent_track_id, longer.status) == ("extension", original.id, "ready")
    assert longer.duration_seconds == pytest.approx(7 * 1.875)
    assert longer.music is not None and longer.music.bpm == 128
    assert longer.music.sections[-1].name == "chorus"


def test_chords_and_a_section_plan_shape_the_track_and_a_melody_file_uploads(client: Trackforge) -> None:
    plan: List[SectionParam] = [
        {"name": "intro", "bars": 2, "energy": 0.3},
        {"name": "chorus", "bars": 2, "energy": 0.9},
    ]
    track = client.tracks.create("warm pop, 120 bpm", chords="Am F C G", sections=plan, seed=5, wait_seconds=60)
    assert track.status == "ready" and track.music is not None
    # 4 bars of 2 s at 120 bpm in 4/4: the plan sets the length, no duration was sent
    assert track.duration_seconds == pytest.approx(8)
    assert [(s.name, s.start, s.end) for s in track.music.sections] == [("intro", 0, 4), ("chorus", 4, 8)]
    # The melody goes as a multipart file part, through the server's own form reader.
    with_melody = client.tracks.create("celtic folk with harp", "5s", melody=MELODY_MIDI, seed=2, wait_seconds=60)
    assert with_melody.status == "ready" and with_melody.music is not None
    assert with_melody.music.bpm == 100  # the file's tempo, as no bpm was given
    with pytest.raises(UnprocessableEntityError) as raised:
        client.tracks.create("celtic folk", "5s", melody=b"not a midi file")
    assert (raised.value.code, raised.value.param) == ("unprocessable_input", "melody")


def test_a_sung_track_downloads_its_timed_lyrics_as_lrc(client: Trackforge) -> None:
    lyrics = "[verse]\nHold on to the feeling\n[chorus]\nnever let it go"
    track = client.tracks.create_and_wait("warm pop ballad", "15s", seed=3, lyrics=lyrics)
    assert track.status == "ready" and track.music is not None and track.music.lyrics is not None
    lrc = io.BytesIO()
    client.tracks.download(track.id, "lrc", to=lrc)
    timed = [line for line in lrc.getvalue().decode().splitlines() if re.match(r"\[\d\d:\d\d\.\d\d\]", line)]
    sung = [line for line in timed if not line.endswith("]")]
    assert [line[10:] for line in sung] == ["Hold on to the feeling", "never let it go"]
    minutes, seconds = sung[0][1:9].split(":")
    assert abs(int(minutes) * 60 + float(seconds) - track.music.lyrics[0].start) <= 0.005  # to the hundredth


def test_missing_objects_raise_not_found(client: Trackforge) -> None:
    with pytest.raises(NotFoundError) as caught:
        client.tracks.retrieve("trk_01JZZZZZZZZZZZZZZZZZZZZZZZ")
    assert caught.value.code == "not_found"


async def test_the_async_client_creates_and_waits_then_streams(server: ApiServer) -> None:
    async with AsyncTrackforge(api_key=server.api_key, base_url=server.base_url) as client:
        track = await client.tracks.create_and_wait("celtic jig in D major", "5s", seed=11, timeout=120)
        assert track.status == "ready" and track.audio is not None
        audio = await client.tracks.stream(track.id)
        async with audio:
            body = b"".join([chunk async for chunk in audio.aiter_bytes()])
        assert measure_mp3(body).sample_rate == 44100
        ids = [t.id async for t in client.tracks.list(limit=1)]
        assert track.id in ids
        published = await client.tracks.publish(track.id, "public")
        assert published.visibility == "public"
        public = await client.tracks.retrieve_public(track.id)
        assert public.object == "public_track" and "workspace_id" not in public.to_dict()
        assert track.id in [t.id for t in (await client.tracks.list_public(limit=5)).data]
        await client.tracks.delete(track.id)
        with pytest.raises(NotFoundError):
            await client.tracks.retrieve(track.id)
