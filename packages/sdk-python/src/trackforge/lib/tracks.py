"""`client.tracks` helpers on top of the generated resource: create_and_wait, download and stream."""

from __future__ import annotations

import time
from typing import Any, Dict, Literal, Optional, Tuple, Union

from typing_extensions import Unpack

from .._binary import AsyncBinaryStream, BinaryStream, Destination
from .._event_stream import WaitTimeoutError
from .._exceptions import APIConnectionError, APIStatusError, WebhookVerificationError
from .._types import RequestOptions
from ..resources.tracks import AsyncTracks as GeneratedAsyncTracks
from ..resources.tracks import Tracks as GeneratedTracks
from ..types import Track

DownloadFormat = Literal["mp3", "wav", "ogg", "flac", "midi", "stems", "waveform"]
AudioFormat = Literal["mp3", "wav", "ogg", "flac"]
Duration = Union[str, int, float]
TERMINAL = ("ready", "failed")
# The events subscription is the fast path of create_and_wait; polling takes over if it fails.
_EVENTS_UNAVAILABLE = (APIConnectionError, APIStatusError, WebhookVerificationError)


def _download_route(track_id: str, format: DownloadFormat) -> Tuple[str, Dict[str, Any]]:
    # Audio is one route with a format; MIDI, stems and waveform each have their own.
    if format in ("midi", "stems", "waveform"):
        return f"/v1/tracks/{track_id}/{format}", {}
    return f"/v1/tracks/{track_id}/audio", {"format": format}


class Tracks(GeneratedTracks):
    def download(
        self, track_id: str, format: DownloadFormat = "mp3", *, to: Destination, **options: Unpack[RequestOptions]
    ) -> int:
        """Streams a ready track's file to a path or binary file object; returns the bytes written.

        Formats: mp3, wav, ogg, flac (audio), midi, stems (zip of per-part 24-bit FLACs), waveform (peaks JSON).
        """
        path, params = _download_route(track_id, format)
        with BinaryStream(self._client.send("GET", path, params=params, options=options, stream=True)) as body:
            return body.write_to(to)

    def stream(self, track_id: str, format: AudioFormat = "mp3", **options: Unpack[RequestOptions]) -> BinaryStream:
        """Progressive audio (`?stream=1`): bytes arrive while the track is still generating.

        with client.tracks.stream(track.id) as audio:
            for chunk in audio.iter_bytes(): player.feed(chunk)
        """
        params = {"format": format, "stream": "1"}
        return BinaryStream(
            self._client.send("GET", f"/v1/tracks/{track_id}/audio", params=params, options=options, stream=True)
        )

    def create_and_wait(
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
        track = self.create(prompt, duration, **fields)
        return self._wait_until(track.id, deadline, timeout, poll_interval_seconds)

    def wait(self, track_id: str, *, timeout: float = 300.0, poll_interval_seconds: float = 1.0) -> Track:
        """Returns a track that already exists (a variation or extension just queued) once it is
        ready or failed, like create_and_wait without the create. Raises WaitTimeoutError after
        `timeout` seconds."""
        return self._wait_until(track_id, time.monotonic() + timeout, timeout, poll_interval_seconds)

    def _wait_until(self, track_id: str, deadline: float, timeout: float, poll_interval_seconds: float) -> Track:
        # Events after `since` are replayed on subscribe, so the ready event cannot slip between
        # the retrieve below and the socket's first frame.
        newest = self._client.events.list(limit=1).data
        since = newest[0].id if newest else None
        track = self.retrieve(track_id)
        if track.status in TERMINAL:
            return track
        try:
            with self._client.events.subscribe(
                track_ids=[track.id],
                last_event_id=since,
                timeout=max(deadline - time.monotonic(), 0.001),
                max_reconnects=3,
            ) as events:
                for event in events:
                    if event.type in ("track.ready", "track.failed"):
                        return self.retrieve(track.id)
        except WaitTimeoutError as error:
            raise WaitTimeoutError(f"track {track.id} did not finish within {timeout:g} s") from error
        except _EVENTS_UNAVAILABLE:
            pass
        while True:
            track = self.retrieve(track.id)
            if track.status in TERMINAL:
                return track
            if time.monotonic() + poll_interval_seconds > deadline:
                raise WaitTimeoutError(f"track {track.id} did not finish within {timeout:g} s (still {track.status})")
            self._client._sleep(poll_interval_seconds)


class AsyncTracks(GeneratedAsyncTracks):
    async def download(
        self, track_id: str, format: DownloadFormat = "mp3", *, to: Destination, **options: Unpack[RequestOptions]
    ) -> int:
        """Streams a ready track's file to a path or binary file object; returns the bytes written."""
        path, params = _download_route(track_id, format)
        response = await self._client.send("GET", path, params=params, options=options, stream=True)
        async with AsyncBinaryStream(response) as body:
            return await body.write_to(to)

    async def stream(
        self, track_id: str, format: AudioFormat = "mp3", **options: Unpack[RequestOptions]
    ) -> AsyncBinaryStream:
        """Progressive audio (`?stream=1`): bytes arrive while the track is still generating."""
        params = {"format": format, "stream": "1"}
        return AsyncBinaryStream(
            await self._client.send("GET", f"/v1/tracks/{track_id}/audio", params=params, options=options, stream=True)
        )

    async def create_and_wait(
        self,
        prompt: str,
        duration: Optional[Duration] = None,
        *,
        timeout: float = 300.0,
        poll_interval_seconds: float = 1.0,
        **fields: Any,
    ) -> Track:
        """Creates a track and returns it once ready or failed; events first, polling as fallback."""
        deadline = time.monotonic() + timeout
        track = await self.create(prompt, duration, **fields)
        return await self._wait_until(track.id, deadline, timeout, poll_interval_seconds)

    async def wait(self, track_id: str, *, timeout: float = 300.0, poll_interval_seconds: float = 1.0) -> Track:
        """Returns an existing track once it is ready or failed; events first, polling as fallback."""
        return await self._wait_until(track_id, time.monotonic() + timeout, timeout, poll_interval_seconds)

    async def _wait_until(self, track_id: str, deadline: float, timeout: float, poll_interval_seconds: float) -> Track:
        newest = (await self._client.events.list(limit=1)).data
        since = newest[0].id if newest else None
        track = await self.retrieve(track_id)
        if track.status in TERMINAL:
            return track
        try:
            async with self._client.events.subscribe(
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
        except _EVENTS_UNAVAILABLE:
            pass
        while True:
            track = await self.retrieve(track.id)
            if track.status in TERMINAL:
                return track
            if time.monotonic() + poll_interval_seconds > deadline:
                raise WaitTimeoutError(f"track {track.id} did not finish within {timeout:g} s (still {track.status})")
            await self._client._sleep(poll_interval_seconds)
