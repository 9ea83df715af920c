# Generated from openapi.json and packages/sdk-manifest.json by
# packages/sdk-python/scripts/generate_resources.py. Do not edit: run `npm run generate:sdks`.
"""`client.tracks`: Create, vary, extend, read, list, publish and delete tracks."""

from __future__ import annotations

import functools
from typing import Literal, Mapping, Optional, Sequence, Union

from typing_extensions import Unpack

from .._binary import Source
from .._response import async_to_raw_response_wrapper, to_raw_response_wrapper
from .._sync_pagination import SyncPage
from .._types import RequestOptions
from ..lib._track_views import own_track, public_track
from ..types import PublicTrack, Track, Waveform
from ..types._params import SectionParam
from ._base import (
    NOT_GIVEN,
    AsyncPaginator,
    AsyncResource,
    SyncResource,
    body_of,
    file_part,
    files_of,
    nullable,
    prefer_wait,
)

__all__ = ["Tracks", "AsyncTracks", "TracksWithRawResponse", "AsyncTracksWithRawResponse"]


class Tracks(SyncResource):
    """Create, vary, extend, read, list, publish and delete tracks."""

    @functools.cached_property
    def with_raw_response(self) -> TracksWithRawResponse:
        """The same methods, answering APIResponse (headers, status_code, parse())."""
        return TracksWithRawResponse(self)

    def create(
        self,
        prompt: str,
        duration: Optional[Union[str, float]] = None,
        *,
        chords: Optional[str] = None,
        sections: Optional[Sequence[SectionParam]] = None,
        melody: Optional[Source] = None,
        lyrics: Optional[str] = None,
        voice_id: Optional[str] = NOT_GIVEN,
        seed: Optional[int] = None,
        loop: Optional[bool] = None,
        bpm: Optional[int] = None,
        key: Optional[str] = None,
        visibility: Optional[Literal["private", "unlisted", "public"]] = None,
        webhook_url: Optional[str] = None,
        metadata: Optional[Mapping[str, str]] = None,
        wait_seconds: Optional[int] = None,
        **options: Unpack[RequestOptions],
    ) -> Track:
        """Queues a track (holds 1 credit until it is ready; given back if it fails). `sections` is a plan followed
        in order (then `duration` may be left out); `melody` a Standard MIDI File the lead plays. An input the
        engine cannot use is a 422 `unprocessable_input` naming the field; nothing is charged then.
        """
        body = {
            **body_of(
                prompt=prompt,
                duration=duration,
                chords=chords,
                sections=sections,
                lyrics=lyrics,
                seed=seed,
                loop=loop,
                bpm=bpm,
                key=key,
                visibility=visibility,
                webhook_url=webhook_url,
                metadata=metadata,
            ),
            **nullable(voice_id=voice_id),
        }
        return self._client.request(
            Track,
            "POST",
            "/v1/tracks",
            body=body,
            files=files_of(melody=file_part(melody, "melody.mid", "audio/midi")),
            options=prefer_wait(wait_seconds, options),
        )

    def create_variation(
        self,
        track_id: str,
        *,
        keep: Sequence[Literal["drums", "percussion", "bass", "chords", "pad", "arp", "lead", "counter"]],
        seed: Optional[int] = None,
        wait_seconds: Optional[int] = None,
        **options: Unpack[RequestOptions],
    ) -> Track:
        """Queues a variation of a ready track (1 credit): its brief with a new seed, the parts in `keep`
        unchanged. The answer is the new track (`kind` "variation").
        """
        body = body_of(keep=keep, seed=seed)
        return self._client.request(
            Track, "POST", f"/v1/tracks/{track_id}/variations", body=body, options=prefer_wait(wait_seconds, options)
        )

    def extend(
        self,
        track_id: str,
        *,
        seconds: Optional[float] = None,
        sections: Optional[Sequence[SectionParam]] = None,
        wait_seconds: Optional[int] = None,
        **options: Unpack[RequestOptions],
    ) -> Track:
        """Queues an extension of a ready track (1 credit): the original up to its ending, bit for bit, then
        `seconds` more in its style, or the `sections` plan from where its ending began (at most 600 s in all).
        """
        body = body_of(seconds=seconds, sections=sections)
        return self._client.request(
            Track, "POST", f"/v1/tracks/{track_id}/extend", body=body, options=prefer_wait(wait_seconds, options)
        )

    def retrieve(self, track_id: str, **options: Unpack[RequestOptions]) -> Track:
        """One of your workspace's tracks: status, progress and, once ready, its music and audio facts."""
        return own_track(self._client.send("GET", f"/v1/tracks/{track_id}", options=options))

    def retrieve_public(self, track_id: str, **options: Unpack[RequestOptions]) -> PublicTrack:
        """A public or unlisted track of any workspace (yours too) as everyone sees it."""
        return public_track(self._client.send("GET", f"/v1/tracks/{track_id}", options=options))

    def list(
        self,
        *,
        limit: Optional[int] = None,
        starting_after: Optional[str] = None,
        ending_before: Optional[str] = None,
        status: Optional[Literal["queued", "generating", "ready", "failed"]] = None,
        visibility: Optional[Literal["private", "unlisted", "public"]] = None,
        **options: Unpack[RequestOptions],
    ) -> SyncPage[Track]:
        """The workspace's tracks, newest first; iterating walks every page."""
        params = {
            "limit": limit,
            "starting_after": starting_after,
            "ending_before": ending_before,
            "status": status,
            "visibility": visibility,
        }
        return self._list("/v1/tracks", Track, params, options)

    def list_public(
        self,
        *,
        limit: Optional[int] = None,
        starting_after: Optional[str] = None,
        ending_before: Optional[str] = None,
        **options: Unpack[RequestOptions],
    ) -> SyncPage[PublicTrack]:
        """Public tracks of every workspace, newest first (no credential needed)."""
        params = {"limit": limit, "starting_after": starting_after, "ending_before": ending_before}
        return self._list("/v1/public/tracks", PublicTrack, params, options)

    def delete(self, track_id: str, **options: Unpack[RequestOptions]) -> None:
        """Deletes the track and every file made from it."""
        self._client.request_none("DELETE", f"/v1/tracks/{track_id}", options=options)

    def publish(
        self, track_id: str, visibility: Literal["private", "unlisted", "public"], **options: Unpack[RequestOptions]
    ) -> Track:
        """Sets who may see the track: "private" (workspace), "unlisted" (anyone with the link) or "public"."""
        body = body_of(visibility=visibility)
        return self._client.request(Track, "POST", f"/v1/tracks/{track_id}/publish", body=body, options=options)

    def waveform(self, track_id: str, **options: Unpack[RequestOptions]) -> Waveform:
        """Waveform peaks (min/max pairs per bucket) for drawing the track."""
        return self._client.request(Waveform, "GET", f"/v1/tracks/{track_id}/waveform", options=options)


class AsyncTracks(AsyncResource):
    """Create, vary, extend, read, list, publish and delete tracks."""

    @functools.cached_property
    def with_raw_response(self) -> AsyncTracksWithRawResponse:
        """The same methods, answering APIResponse (headers, status_code, parse())."""
        return AsyncTracksWithRawResponse(self)

    async def create(
        self,
        prompt: str,
        duration: Optional[Union[str, float]] = None,
        *,
        chords: Optional[str] = None,
        sections: Optional[Sequence[SectionParam]] = None,
        melody: Optional[Source] = None,
        lyrics: Optional[str] = None,
        voice_id: Optional[str] = NOT_GIVEN,
        seed: Optional[int] = None,
        loop: Optional[bool] = None,
        bpm: Optional[int] = None,
        key: Optional[str] = None,
        visibility: Optional[Literal["private", "unlisted", "public"]] = None,
        webhook_url: Optional[str] = None,
        metadata: Optional[Mapping[str, str]] = None,
        wait_seconds: Optional[int] = None,
        **options: Unpack[RequestOptions],
    ) -> Track:
        """Queues a track (holds 1 credit until it is ready; given back if it fails). `sections` is a plan followed
        in order (then `duration` may be left out); `melody` a Standard MIDI File the lead plays. An input the
        engine cannot use is a 422 `unprocessable_input` naming the field; nothing is charged then.
        """
        body = {
            **body_of(
                prompt=prompt,
                duration=duration,
                chords=chords,
                sections=sections,
                lyrics=lyrics,
                seed=seed,
                loop=loop,
                bpm=bpm,
                key=key,
                visibility=visibility,
                webhook_url=webhook_url,
                metadata=metadata,
            ),
            **nullable(voice_id=voice_id),
        }
        return await self._client.request(
            Track,
            "POST",
            "/v1/tracks",
            body=body,
            files=files_of(melody=file_part(melody, "melody.mid", "audio/midi")),
            options=prefer_wait(wait_seconds, options),
        )

    async def create_variation(
        self,
        track_id: str,
        *,
        keep: Sequence[Literal["drums", "percussion", "bass", "chords", "pad", "arp", "lead", "counter"]],
        seed: Optional[int] = None,
        wait_seconds: Optional[int] = None,
        **options: Unpack[RequestOptions],
    ) -> Track:
        """Queues a variation of a ready track (1 credit): its brief with a new seed, the parts in `keep`
        unchanged. The answer is the new track (`kind` "variation").
        """
        body = body_of(keep=keep, seed=seed)
        return await self._client.request(
            Track, "POST", f"/v1/tracks/{track_id}/variations", body=body, options=prefer_wait(wait_seconds, options)
        )

    async def extend(
        self,
        track_id: str,
        *,
        seconds: Optional[float] = None,
        sections: Optional[Sequence[SectionParam]] = None,
        wait_seconds: Optional[int] = None,
        **options: Unpack[RequestOptions],
    ) -> Track:
        """Queues an extension of a ready track (1 credit): the original up to its ending, bit for bit, then
        `seconds` more in its style, or the `sections` plan from where its ending began (at most 600 s in all).
        """
        body = body_of(seconds=seconds, sections=sections)
        return await self._client.request(
            Track, "POST", f"/v1/tracks/{track_id}/extend", body=body, options=prefer_wait(wait_seconds, options)
        )

    async def retrieve(self, track_id: str, **options: Unpack[RequestOptions]) -> Track:
        """One of your workspace's tracks: status, progress and, once ready, its music and audio facts."""
        return own_track(await self._client.send("GET", f"/v1/tracks/{track_id}", options=options))

    async def retrieve_public(self, track_id: str, **options: Unpack[RequestOptions]) -> PublicTrack:
        """A public or unlisted track of any workspace (yours too) as everyone sees it."""
        return public_track(await self._client.send("GET", f"/v1/tracks/{track_id}", options=options))

    def list(
        self,
        *,
        limit: Optional[int] = None,
        starting_after: Optional[str] = None,
        ending_before: Optional[str] = None,
        status: Optional[Literal["queued", "generating", "ready", "failed"]] = None,
        visibility: Optional[Literal["private", "unlisted", "public"]] = None,
        **options: Unpack[RequestOptions],
    ) -> AsyncPaginator[Track]:
        """The workspace's tracks, newest first; iterating walks every page."""
        params = {
            "limit": limit,
            "starting_after": starting_after,
            "ending_before": ending_before,
            "status": status,
            "visibility": visibility,
        }
        return self._list("/v1/tracks", Track, params, options)

    def list_public(
        self,
        *,
        limit: Optional[int] = None,
        starting_after: Optional[str] = None,
        ending_before: Optional[str] = None,
        **options: Unpack[RequestOptions],
    ) -> AsyncPaginator[PublicTrack]:
        """Public tracks of every workspace, newest first (no credential needed)."""
        params = {"limit": limit, "starting_after": starting_after, "ending_before": ending_before}
        return self._list("/v1/public/tracks", PublicTrack, params, options)

    async def delete(self, track_id: str, **options: Unpack[RequestOptions]) -> None:
        """Deletes the track and every file made from it."""
        await self._client.request_none("DELETE", f"/v1/tracks/{track_id}", options=options)

    async def publish(
        self, track_id: str, visibility: Literal["private", "unlisted", "public"], **options: Unpack[RequestOptions]
    ) -> Track:
        """Sets who may see the track: "private" (workspace), "unlisted" (anyone with the link) or "public"."""
        body = body_of(visibility=visibility)
        return await self._client.request(Track, "POST", f"/v1/tracks/{track_id}/publish", body=body, options=options)

    async def waveform(self, track_id: str, **options: Unpack[RequestOptions]) -> Waveform:
        """Waveform peaks (min/max pairs per bucket) for drawing the track."""
        return await self._client.request(Waveform, "GET", f"/v1/tracks/{track_id}/waveform", options=options)


class TracksWithRawResponse:
    def __init__(self, resource: Tracks) -> None:
        self.create = to_raw_response_wrapper(resource.create)
        self.create_variation = to_raw_response_wrapper(resource.create_variation)
        self.extend = to_raw_response_wrapper(resource.extend)
        self.retrieve = to_raw_response_wrapper(resource.retrieve)
        self.retrieve_public = to_raw_response_wrapper(resource.retrieve_public)
        self.list = to_raw_response_wrapper(resource.list)
        self.list_public = to_raw_response_wrapper(resource.list_public)
        self.delete = to_raw_response_wrapper(resource.delete)
        self.publish = to_raw_response_wrapper(resource.publish)
        self.waveform = to_raw_response_wrapper(resource.waveform)


class AsyncTracksWithRawResponse:
    def __init__(self, resource: AsyncTracks) -> None:
        self.create = async_to_raw_response_wrapper(resource.create)
        self.create_variation = async_to_raw_response_wrapper(resource.create_variation)
        self.extend = async_to_raw_response_wrapper(resource.extend)
        self.retrieve = async_to_raw_response_wrapper(resource.retrieve)
        self.retrieve_public = async_to_raw_response_wrapper(resource.retrieve_public)
        self.list = async_to_raw_response_wrapper(resource.list)
        self.list_public = async_to_raw_response_wrapper(resource.list_public)
        self.delete = async_to_raw_response_wrapper(resource.delete)
        self.publish = async_to_raw_response_wrapper(resource.publish)
        self.waveform = async_to_raw_response_wrapper(resource.waveform)
