"""`client.tracks` helpers on top of the generated resource: create_and_wait, wait, download and stream."""

# async source: written once, for AsyncTrackforge; scripts/generate_resources.py writes the sync
# async source: twin (_sync_tracks.py) from it, so the two cannot drift apart.

from __future__ import annotations

import time
from typing import Any, Optional

from typing_extensions import Unpack

from .._async_api_client import AsyncAPIClient
from .._async_binary import AsyncBinaryStream
from .._binary import Destination
from .._event_stream import WaitTimeoutError
from .._types import RequestOptions
from ..resources.tracks import AsyncTracks as GeneratedAsyncTracks
from ..types import Track
from ._async_events import AsyncEvents
from ._track_routes import EVENTS_UNAVAILABLE, TERMINAL, AudioFormat, DownloadFormat, Duration, download_route


class AsyncTracks(GeneratedAsyncTracks):
    def __init__(self, client: AsyncAPIClient, events: AsyncEvents) -> None:
        super().__init__(client)
        self._events = events  # create_and_wait and wait follow the track on the event log

    async def download(
        self, track_id: str, format: DownloadFormat = "mp3", *, to: Destination, **options: Unpack[RequestOptions]
    ) -> int:
        """Streams a ready track's file to a path or binary file object; returns the bytes written.

        Formats: mp3, wav, ogg, flac (audio), midi, stems (zip of per-part 24-bit FLACs), waveform (peaks JSON),
        and for a sung track its timed lyrics: lrc (players, karaoke), vtt (WebVTT, with word times), srt (SubRip).
        """
        path, params = download_route(track_id, format)
        response = await self._client.send("GET", path, params=params, options=options, stream=True)
        async with AsyncBinaryStream(response) as body:
            return await body.write_to(to)

    async def stream(
        self, track_id: str, format: AudioFormat = "mp3", **options: Unpack[RequestOptions]
    ) -> AsyncBinaryStream:
        """Progressive audio (`?stream=1`): bytes arrive while the track is still generating.

        async with await client.tracks.stream(track.id) as audio:
            async for chunk in audio.aiter_bytes(): player.feed(chunk)
        """
        params = {"format": format, "stream": "1"}
        response = await self._client.send(
            "GET", f"/v1/tracks/{track_id}/audio", params=params, options=options, stream=True
        )
        return AsyncBinaryStream(response)

    async def create_and_wait(
        self,
        prompt: str,
        duration: Optional[Duration] = None,
        *,
        timeout: float = 300.0,
        poll_interval_seconds: float = 1.0,
        **fields: Any,
    ) -> Track:
        """Creates a track and returns it once ready or failed (check `status`).

        Takes create()'s arguments. Follows job events over the WebSocket, and polls
        GET /v1/tracks/{id} if that is not possible. Raises WaitTimeoutError after `timeout` seconds.
        """
        deadline = time.monotonic() + timeout
        track = await self.create(prompt, duration, **fields)
        return await self._wait_until(track.id, deadline, timeout, poll_interval_seconds)

    async def wait(self, track_id: str, *, timeout: float = 300.0, poll_interval_seconds: float = 1.0) -> Track:
        """Returns a track that already exists (a variation or extension just queued) once it is
        ready or failed, like create_and_wait without the create. Raises WaitTimeoutError after
        `timeout` seconds."""
        return await self._wait_until(track_id, time.monotonic() + timeout, timeout, poll_interval_seconds)

    async def _wait_until(self, track_id: str, deadline: float, timeout: float, poll_interval_seconds: float) -> Track:
        # Events after `since` are replayed on subscribe, so the ready event cannot slip between
        # the retrieve below and the socket's first frame.
        newest = await self._events.list(limit=1)
        since = newest.data[0].id if newest.data else None
        track = await self.retrieve(track_id)
        if track.status in TERMINAL:
            return track
        try:
            async with self._events.subscribe(
                track_ids=[track.id],
                last_event_id=since,
                timeout=max(deadline - time.monotonic(), 0.001),
                max_reconnects=3,
            ) as events:
                async for event in events:
                    if event.type in ("track.ready", "track.failed"):
                        return await self.retrieve(track.id)
        except WaitTimeoutError as error:
            raise WaitTimeoutError(f"track {track.id} did not finish within {timeout:g} s") from error
        except EVENTS_UNAVAILABLE:
            pass
        while True:
            track = await self.retrieve(track.id)
            if track.status in TERMINAL:
                return track
            if time.monotonic() + poll_interval_seconds > deadline:
                raise WaitTimeoutError(f"track {track.id} did not finish within {timeout:g} s (still {track.status})")
            await self._client._sleep(poll_interval_seconds)
