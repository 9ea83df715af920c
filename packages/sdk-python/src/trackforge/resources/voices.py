# Generated from openapi.json and packages/sdk-manifest.json by
# packages/sdk-python/scripts/generate_resources.py. Do not edit: run `npm run generate:sdks`.
"""`client.voices`: The singing voices a track can use, and a short preview of each."""

from __future__ import annotations

import functools
from typing import Literal, Optional

from typing_extensions import Unpack

from .._async_binary import AsyncBinaryStream
from .._binary import Destination
from .._response import async_to_raw_response_wrapper, to_raw_response_wrapper
from .._sync_binary import BinaryStream
from .._sync_pagination import SyncPage
from .._types import RequestOptions
from ..types import Voice
from ._base import AsyncPaginator, AsyncResource, SyncResource

__all__ = ["Voices", "AsyncVoices", "VoicesWithRawResponse", "AsyncVoicesWithRawResponse"]


class Voices(SyncResource):
    """The singing voices a track can use, and a short preview of each."""

    @functools.cached_property
    def with_raw_response(self) -> VoicesWithRawResponse:
        """The same methods, answering APIResponse (headers, status_code, parse())."""
        return VoicesWithRawResponse(self)

    def list(
        self,
        *,
        q: Optional[str] = None,
        gender: Optional[Literal["female", "male", "neutral"]] = None,
        range: Optional[Literal["soprano", "mezzo", "alto", "tenor", "baritone", "bass"]] = None,
        style: Optional[
            Literal[
                "pop",
                "soul",
                "rnb",
                "jazz",
                "gospel",
                "choir",
                "operatic",
                "folk",
                "country",
                "rock",
                "blues",
                "electronic",
                "robotic",
                "synthwave",
                "airy",
                "breathy",
                "cinematic",
                "ambient",
                "lofi",
                "latin",
                "afrobeat",
                "celtic",
                "chant",
            ]
        ] = None,
        language: Optional[str] = None,
        sort: Optional[Literal["popular", "newest", "name"]] = None,
        limit: Optional[int] = None,
        starting_after: Optional[str] = None,
        ending_before: Optional[str] = None,
        **options: Unpack[RequestOptions],
    ) -> SyncPage[Voice]:
        """Voices matching the filters (`q` searches name, description, styles and tags)."""
        params = {
            "q": q,
            "gender": gender,
            "range": range,
            "style": style,
            "language": language,
            "sort": sort,
            "limit": limit,
            "starting_after": starting_after,
            "ending_before": ending_before,
        }
        return self._list("/v1/voices", Voice, params, options)

    def retrieve(self, voice_id: str, **options: Unpack[RequestOptions]) -> Voice:
        """One voice."""
        return self._client.request(Voice, "GET", f"/v1/voices/{voice_id}", options=options)

    def preview(self, voice_id: str, *, to: Destination, **options: Unpack[RequestOptions]) -> int:
        """A short audio preview of the voice, rendered by the engine."""
        response = self._client.send("GET", f"/v1/voices/{voice_id}/preview", options=options, stream=True)
        with BinaryStream(response) as stream:
            return stream.write_to(to)


class AsyncVoices(AsyncResource):
    """The singing voices a track can use, and a short preview of each."""

    @functools.cached_property
    def with_raw_response(self) -> AsyncVoicesWithRawResponse:
        """The same methods, answering APIResponse (headers, status_code, parse())."""
        return AsyncVoicesWithRawResponse(self)

    def list(
        self,
        *,
        q: Optional[str] = None,
        gender: Optional[Literal["female", "male", "neutral"]] = None,
        range: Optional[Literal["soprano", "mezzo", "alto", "tenor", "baritone", "bass"]] = None,
        style: Optional[
            Literal[
                "pop",
                "soul",
                "rnb",
                "jazz",
                "gospel",
                "choir",
                "operatic",
                "folk",
                "country",
                "rock",
                "blues",
                "electronic",
                "robotic",
                "synthwave",
                "airy",
                "breathy",
                "cinematic",
                "ambient",
                "lofi",
                "latin",
                "afrobeat",
                "celtic",
                "chant",
            ]
        ] = None,
        language: Optional[str] = None,
        sort: Optional[Literal["popular", "newest", "name"]] = None,
        limit: Optional[int] = None,
        starting_after: Optional[str] = None,
        ending_before: Optional[str] = None,
        **options: Unpack[RequestOptions],
    ) -> AsyncPaginator[Voice]:
        """Voices matching the filters (`q` searches name, description, styles and tags)."""
        params = {
            "q": q,
            "gender": gender,
            "range": range,
            "style": style,
            "language": language,
            "sort": sort,
            "limit": limit,
            "starting_after": starting_after,
            "ending_before": ending_before,
        }
        return self._list("/v1/voices", Voice, params, options)

    async def retrieve(self, voice_id: str, **options: Unpack[RequestOptions]) -> Voice:
        """One voice."""
        return await self._client.request(Voice, "GET", f"/v1/voices/{voice_id}", options=options)

    async def preview(self, voice_id: str, *, to: Destination, **options: Unpack[RequestOptions]) -> int:
        """A short audio preview of the voice, rendered by the engine."""
        response = await self._client.send("GET", f"/v1/voices/{voice_id}/preview", options=options, stream=True)
        async with AsyncBinaryStream(response) as stream:
            return await stream.write_to(to)


class VoicesWithRawResponse:
    def __init__(self, resource: Voices) -> None:
        self.list = to_raw_response_wrapper(resource.list)
        self.retrieve = to_raw_response_wrapper(resource.retrieve)
        self.preview = to_raw_response_wrapper(resource.preview)


class AsyncVoicesWithRawResponse:
    def __init__(self, resource: AsyncVoices) -> None:
        self.list = async_to_raw_response_wrapper(resource.list)
        self.retrieve = async_to_raw_response_wrapper(resource.retrieve)
        self.preview = async_to_raw_response_wrapper(resource.preview)
