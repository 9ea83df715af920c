"""`client.tracks`: create music, follow it to ready, fetch its audio, MIDI, stems and waveform."""

from __future__ import annotations

import time
from typing import Any, Dict, Literal, Mapping, Optional, Sequence, Union

import httpx
from typing_extensions import Unpack

from .._base_client import Files
from .._binary import AsyncBinaryStream, BinaryStream, Destination, Source, read_source
from .._event_stream import WaitTimeoutError
from .._exceptions import APIConnectionError, APIStatusError, TrackforgeError, WebhookVerificationError
from .._pagination import AsyncPaginator, SyncPage
from .._types import RequestOptions
from ..types import PublicTrack, Track, Waveform
from ._base import AsyncResource, SyncResource, body_of, list_params

DownloadFormat = Literal["mp3", "wav", "ogg", "flac", "midi", "stems", "waveform"]
AudioFormat = Literal["mp3", "wav", "ogg", "flac"]
Visibility = Literal["private", "unlisted", "public"]
TERMINAL = ("ready", "failed")
# The events subscription is the fast path of create_and_wait; polling takes over if it fails.
_EVENTS_UNAVAILABLE = (APIConnectionError, APIStatusError, WebhookVerificationError)


Duration = Union[str, int, float]
MIDI_CONTENT_TYPE = "audio/midi"


def _create_body(prompt: str, duration: Optional[Duration], fields: Mapping[str, Any]) -> Dict[str, Any]:
    sections = fields.get("sections")
    plan = None if sections is None else [dict(section) for section in sections]
    return body_of(prompt=prompt, duration=duration, **{**fields, "sections": plan})


def _melody_files(melody: Optional[Source]) -> Optional[Files]:
    # A melody goes as the `melody` file part of the API's multipart form rather than base64 in the
    # JSON: the file's bytes as they are, a third smaller on the wire.
    if melody is None:
        return None
    name, data = read_source(melody, "melody.mid")
    return {"melody": (name, data, MIDI_CONTENT_TYPE)}


def _create_headers(wait_seconds: Optional[int], options: RequestOptions) -> RequestOptions:
    if wait_seconds is None:
        return options
    # Prefer: wait=N holds the answer until the track is ready or N seconds pass; give the read
    # timeout room for it.
    headers = {"Prefer": f"wait={wait_seconds}", **options.get("extra_headers", {})}
    return {"timeout": float(wait_seconds) + 30.0, **options, "extra_headers": headers}


def _variation_body(keep: Sequence[str], seed: Optional[int]) -> Dict[str, Any]:
    return body_of(keep=list(keep), seed=seed)


def _extension_body(seconds: Optional[float], sections: Optional[Sequence[Mapping[str, Any]]]) -> Dict[str, Any]:
    return body_of(seconds=seconds, sections=None if sections is None else [dict(s) for s in sections])


def _own_track(response: httpx.Response) -> Track:
    body = response.json()
    if isinstance(body, dict) and body.get("object") == "public_track":
        raise TrackforgeError(f"{body.get('id')} belongs to another workspace; retrieve_public() reads its public view")
    return Track.model_validate(body)


def _public_track(response: httpx.Response) -> PublicTrack:
    body = response.json()
    if isinstance(body, dict) and body.get("object") == "track":
        # The owner's view is a superset of the public one: keep the public fields only.
        public = {name: body[name] for name in PublicTrack.model_fields if name in body}
        urls = body.get("urls") or {}
        public_urls = {kind: urls.get(kind) for kind in ("audio", "waveform", "share", "cover")}
        body = {**public, "object": "public_track", "urls": public_urls}
    return PublicTrack.model_validate(body)


def _download_route(track_id: str, format: DownloadFormat) -> tuple[str, Dict[str, Any]]:
    if format in ("midi", "stems", "waveform"):
        return f"/v1/tracks/{track_id}/{format}", {}
    return f"/v1/tracks/{track_id}/audio", {"format": format}


class Tracks(SyncResource):
    def create(
        self,
        prompt: str,
        duration: Optional[Duration] = None,
        *,
        chords: Optional[str] = None,
        sections: Optional[Sequence[Mapping[str, Any]]] = None,
        melody: Optional[Source] = None,
        voice_id: Optional[str] = None,
        seed: Optional[int] = None,
        loop: Optional[bool] = None,
        bpm: Optional[int] = None,
        key: Optional[str] = None,
        visibility: Optional[Visibility] = None,
        webhook_url: Optional[str] = None,
        metadata: Optional[Mapping[str, str]] = None,
        wait_seconds: Optional[int] = None,
        **options: Unpack[RequestOptions],
    ) -> Track:
        """Queues a track (holds 1 credit); `wait_seconds` (≤ 60) holds the answer until it is ready.

        `duration`: "short" (30 s), "standard" (120 s), "long" (240 s), "45s", "2:30" or seconds;
        required unless `sections` is given (a plan sets the length).
        `chords`: a progression the arrangement follows, looped: "Am F C G", "Am:2 F", "| Dm7 G7 | Cmaj7 |",
        "I V vi IV" (without a key, the key is the progression's).
        `sections`: a plan followed in order, e.g. [{"name": "intro", "bars": 4, "energy": 0.3},
        {"name": "chorus", "seconds": 15, "instruments": ["piano", "drums"]}] (each: name, bars or
        seconds, and optionally energy 0 to 1, prompt, instruments); the track lasts as long as the plan.
        `melody`: a Standard MIDI File (≤ 256 KB) the lead plays, as bytes, a path or a binary file
        object; sent as a multipart file part.
        An input the engine cannot use raises UnprocessableEntityError (`unprocessable_input`, `param`
        naming the field, e.g. "chords" or "sections[1].instruments[0]"); nothing is charged then.
        """
        fields = dict(chords=chords, sections=sections, voice_id=voice_id, seed=seed, loop=loop, bpm=bpm, key=key,
                      visibility=visibility, webhook_url=webhook_url, metadata=metadata)  # fmt: skip
        return self._client.request(
            Track, "POST", "/v1/tracks", body=_create_body(prompt, duration, fields), files=_melody_files(melody),
            options=_create_headers(wait_seconds, options),
        )  # fmt: skip

    def create_variation(
        self,
        track_id: str,
        *,
        keep: Sequence[str],
        seed: Optional[int] = None,
        wait_seconds: Optional[int] = None,
        **options: Unpack[RequestOptions],
    ) -> Track:
        """Queues a variation of a ready track (1 credit): its brief with a new seed, the parts in `keep` unchanged.

        `keep`: part roles ("drums", "bass", "chords", "lead", …; [] keeps none); `seed`: the new parts' seed
        (random, never the original's, when omitted). The answer is the new track (`kind == "variation"`).
        """
        return self._client.request(
            Track, "POST", f"/v1/tracks/{track_id}/variations", body=_variation_body(keep, seed),
            options=_create_headers(wait_seconds, options),
        )  # fmt: skip

    def extend(
        self,
        track_id: str,
        *,
        seconds: Optional[float] = None,
        sections: Optional[Sequence[Mapping[str, Any]]] = None,
        wait_seconds: Optional[int] = None,
        **options: Unpack[RequestOptions],
    ) -> Track:
        """Queues an extension of a ready track (1 credit): the original up to its ending, bit for bit, then more.

        Give `seconds` to add (it goes on in the original's form) or `sections`, a plan such as
        [{"name": "chorus", "bars": 8}, {"name": "outro", "seconds": 10}] that follows from where the
        original's ending began. At most 600 s in all. The answer is the new track (`kind == "extension"`).
        """
        return self._client.request(
            Track, "POST", f"/v1/tracks/{track_id}/extend", body=_extension_body(seconds, sections),
            options=_create_headers(wait_seconds, options),
        )  # fmt: skip

    def retrieve(self, track_id: str, **options: Unpack[RequestOptions]) -> Track:
        """One of your workspace's tracks: status, progress and, once ready, its music and audio facts."""
        return _own_track(self._client.send("GET", f"/v1/tracks/{track_id}", options=options))

    def retrieve_public(self, track_id: str, **options: Unpack[RequestOptions]) -> PublicTrack:
        """Any public or unlisted track (yours too) as everyone sees it."""
        return _public_track(self._client.send("GET", f"/v1/tracks/{track_id}", options=options))

    def list(
        self,
        *,
        limit: Optional[int] = None,
        starting_after: Optional[str] = None,
        ending_before: Optional[str] = None,
        status: Optional[Literal["queued", "generating", "ready", "failed"]] = None,
        visibility: Optional[Visibility] = None,
        **options: Unpack[RequestOptions],
    ) -> SyncPage[Track]:
        """The workspace's tracks, newest first; iterate the page to walk every page."""
        params = list_params(limit, starting_after, ending_before, status=status, visibility=visibility)
        return self._list("/v1/tracks", Track, params, options)

    def list_public(
        self, *, limit: Optional[int] = None, starting_after: Optional[str] = None, **options: Unpack[RequestOptions]
    ) -> SyncPage[PublicTrack]:
        """Everyone's public tracks, newest first."""
        return self._list("/v1/public/tracks", PublicTrack, list_params(limit, starting_after, None), options)

    def delete(self, track_id: str, **options: Unpack[RequestOptions]) -> None:
        """Deletes the track and every file made from it."""
        self._client.request_none("DELETE", f"/v1/tracks/{track_id}", options=options)

    def publish(self, track_id: str, visibility: Visibility, **options: Unpack[RequestOptions]) -> Track:
        """Sets who may see the track: "public", "unlisted" (by link) or "private"."""
        return self._client.request(
            Track, "POST", f"/v1/tracks/{track_id}/publish", body={"visibility": visibility}, options=options
        )

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

    def waveform(self, track_id: str, **options: Unpack[RequestOptions]) -> Waveform:
        """Peaks (min/max pairs) for drawing the track."""
        return self._client.request(Waveform, "GET", f"/v1/tracks/{track_id}/waveform", options=options)

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

        Follows job events over the WebSocket, and polls GET /v1/tracks/{id} if that is not
        possible. Raises WaitTimeoutError after `timeout` seconds.
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


class AsyncTracks(AsyncResource):
    async def create(
        self,
        prompt: str,
        duration: Optional[Duration] = None,
        *,
        chords: Optional[str] = None,
        sections: Optional[Sequence[Mapping[str, Any]]] = None,
        melody: Optional[Source] = None,
        voice_id: Optional[str] = None,
        seed: Optional[int] = None,
        loop: Optional[bool] = None,
        bpm: Optional[int] = None,
        key: Optional[str] = None,
        visibility: Optional[Visibility] = None,
        webhook_url: Optional[str] = None,
        metadata: Optional[Mapping[str, str]] = None,
        wait_seconds: Optional[int] = None,
        **options: Unpack[RequestOptions],
    ) -> Track:
        """Queues a track (holds 1 credit); `wait_seconds` (≤ 60) holds the answer until it is ready.

        The inputs are those of Trackforge.tracks.create: `chords`, a `sections` plan (then `duration`
        may be left out) and a `melody` MIDI file (bytes, a path or a binary file object).
        """
        fields = dict(chords=chords, sections=sections, voice_id=voice_id, seed=seed, loop=loop, bpm=bpm, key=key,
                      visibility=visibility, webhook_url=webhook_url, metadata=metadata)  # fmt: skip
        return await self._client.request(
            Track, "POST", "/v1/tracks", body=_create_body(prompt, duration, fields), files=_melody_files(melody),
            options=_create_headers(wait_seconds, options),
        )  # fmt: skip

    async def create_variation(
        self,
        track_id: str,
        *,
        keep: Sequence[str],
        seed: Optional[int] = None,
        wait_seconds: Optional[int] = None,
        **options: Unpack[RequestOptions],
    ) -> Track:
        """Queues a variation of a ready track (1 credit): its brief with a new seed, the parts in `keep` unchanged.

        `keep`: part roles ("drums", "bass", "chords", "lead", …; [] keeps none); `seed`: the new parts' seed
        (random, never the original's, when omitted). The answer is the new track (`kind == "variation"`).
        """
        return await self._client.request(
            Track, "POST", f"/v1/tracks/{track_id}/variations", body=_variation_body(keep, seed),
            options=_create_headers(wait_seconds, options),
        )  # fmt: skip

    async def extend(
        self,
        track_id: str,
        *,
        seconds: Optional[float] = None,
        sections: Optional[Sequence[Mapping[str, Any]]] = None,
        wait_seconds: Optional[int] = None,
        **options: Unpack[RequestOptions],
    ) -> Track:
        """Queues an extension of a ready track (1 credit): the original up to its ending, bit for bit, then more.

        Give `seconds` to add (it goes on in the original's form) or `sections`, a plan such as
        [{"name": "chorus", "bars": 8}, {"name": "outro", "seconds": 10}] that follows from where the
        original's ending began. At most 600 s in all. The answer is the new track (`kind == "extension"`).
        """
        return await self._client.request(
            Track, "POST", f"/v1/tracks/{track_id}/extend", body=_extension_body(seconds, sections),
            options=_create_headers(wait_seconds, options),
        )  # fmt: skip

    async def retrieve(self, track_id: str, **options: Unpack[RequestOptions]) -> Track:
        """One of your workspace's tracks: status, progress and, once ready, its music and audio facts."""
        return _own_track(await self._client.send("GET", f"/v1/tracks/{track_id}", options=options))

    async def retrieve_public(self, track_id: str, **options: Unpack[RequestOptions]) -> PublicTrack:
        """Any public or unlisted track (yours too) as everyone sees it."""
        return _public_track(await self._client.send("GET", f"/v1/tracks/{track_id}", options=options))

    def list(
        self,
        *,
        limit: Optional[int] = None,
        starting_after: Optional[str] = None,
        ending_before: Optional[str] = None,
        status: Optional[Literal["queued", "generating", "ready", "failed"]] = None,
        visibility: Optional[Visibility] = None,
        **options: Unpack[RequestOptions],
    ) -> AsyncPaginator[Track]:
        """The workspace's tracks: `await` for the first page or `async for` every track."""
        params = list_params(limit, starting_after, ending_before, status=status, visibility=visibility)
        return self._list("/v1/tracks", Track, params, options)

    def list_public(
        self, *, limit: Optional[int] = None, starting_after: Optional[str] = None, **options: Unpack[RequestOptions]
    ) -> AsyncPaginator[PublicTrack]:
        """Everyone's public tracks, newest first."""
        return self._list("/v1/public/tracks", PublicTrack, list_params(limit, starting_after, None), options)

    async def delete(self, track_id: str, **options: Unpack[RequestOptions]) -> None:
        """Deletes the track and every file made from it."""
        await self._client.request_none("DELETE", f"/v1/tracks/{track_id}", options=options)

    async def publish(self, track_id: str, visibility: Visibility, **options: Unpack[RequestOptions]) -> Track:
        """Sets who may see the track: "public", "unlisted" (by link) or "private"."""
        return await self._client.request(
            Track, "POST", f"/v1/tracks/{track_id}/publish", body={"visibility": visibility}, options=options
        )

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

    async def waveform(self, track_id: str, **options: Unpack[RequestOptions]) -> Waveform:
        """Peaks (min/max pairs) for drawing the track."""
        return await self._client.request(Waveform, "GET", f"/v1/tracks/{track_id}/waveform", options=options)

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
