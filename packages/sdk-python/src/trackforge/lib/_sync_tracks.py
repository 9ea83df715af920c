# Generated from lib/_async_tracks.py by packages/sdk-python/scripts/generate_resources.py.
# Do not edit: edit the async module and run `npm run generate:sdks`.
"""`client.tracks` helpers on top of the generated resource: create_and_wait, wait, download and stream."""

from __future__ import annotations

import time
from typing import Any, Optional

from typing_extensions import Unpack

from .._binary import Destination
from .._event_stream import WaitTimeoutError
from .._sync_api_client import SyncAPIClient
from .._sync_binary import BinaryStream
from .._types import RequestOptions
from ..resources.tracks import Tracks as GeneratedTracks
from ..types import Track
from ._sync_events import Events
from ._track_routes import EVENTS_UNAVAILABLE, TERMINAL, AudioFormat, DownloadFormat, Duration, download_route


class Tracks(GeneratedTracks):
    def __init__(self, client: SyncAPIClient, events: Events) -> None:
        super().__init__(client)
        self._events = events  # create_and_wait and wait follow the track on the event log

    def download(
        self, track_id: str, format: DownloadFormat = "mp3", *, to: Destination, **options: Unpack[RequestOptions]
    ) -> int:
        """Streams a ready track's file to a path or binary file object; returns the bytes written.

        Formats: mp3, wav, ogg, flac (audio), midi, stems (zip of per-part 24-bit FLACs), waveform (peaks JSON),
        and for a sung track its timed lyrics: lrc (players, karaoke), vtt (WebVTT, with word times), srt (SubRip).
        """
        path, params = download_route(track_id, format)
        response = self._client.send("GET", path, params=params, options=options, stream=True)
        with BinaryStream(response) as body:
            return body.write_to(to)

    def stream(self, track_id: str, format: AudioFormat = "mp3", **options: Unpack[RequestOptions]) -> BinaryStream:
        """Progressive audio (`?stream=1`): bytes arrive while the track is still generating.

        with client.tracks.stream(track.id) as audio:
            for chunk in audio.iter_bytes(): player.feed(chunk)
        """
        params = {"format": format, "stream": "1"}
        response = self._client.send("GET", f"/v1/tracks/{track_id}/audio", params=params, options=options, stream=True)
        return BinaryStream(response)

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
        newest = self._events.list(limit=1)
        since = newest.data[0].id if newest.data else None
        track = self.retrieve(track_id)
        if track.status in TERMINAL:
            return track
        try:
            with self._events.subscribe(
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
        except EVENTS_UNAVAILABLE:
            pass
        while True:
            track = self.retrieve(track.id)
            if track.status in TERMINAL:
                return track
            if time.monotonic() + poll_interval_seconds > deadline:
                raise WaitTimeoutError(f"track {track.id} did not finish within {timeout:g} s (still {track.status})")
            self._client._sleep(poll_interval_seconds)
