"""`client.voices`: the voice marketplace (search, details, audio previews)."""

from __future__ import annotations

from typing import Literal, Optional

from typing_extensions import Unpack

from .._binary import AsyncBinaryStream, BinaryStream, Destination
from .._pagination import AsyncPaginator, SyncPage
from .._types import RequestOptions
from ..types import Voice
from ._base import AsyncResource, SyncResource, list_params

Sort = Literal["popular", "newest", "name"]


class Voices(SyncResource):
    def list(
        self,
        *,
        q: Optional[str] = None,
        gender: Optional[Literal["female", "male", "neutral"]] = None,
        range: Optional[str] = None,
        style: Optional[str] = None,
        sort: Optional[Sort] = None,
        limit: Optional[int] = None,
        starting_after: Optional[str] = None,
        **options: Unpack[RequestOptions],
    ) -> SyncPage[Voice]:
        """Voices matching the filters (`q` searches name, description, styles and tags)."""
        params = list_params(limit, starting_after, None, q=q, gender=gender, range=range, style=style,
                             sort=sort)  # fmt: skip
        return self._list("/v1/voices", Voice, params, options)

    def retrieve(self, voice_id: str, **options: Unpack[RequestOptions]) -> Voice:
        """One voice."""
        return self._client.request(Voice, "GET", f"/v1/voices/{voice_id}", options=options)

    def preview(self, voice_id: str, *, to: Destination, **options: Unpack[RequestOptions]) -> int:
        """Writes the voice's short audio preview to a path or binary file; returns the bytes written."""
        with BinaryStream(
            self._client.send("GET", f"/v1/voices/{voice_id}/preview", options=options, stream=True)
        ) as body:
            return body.write_to(to)


class AsyncVoices(AsyncResource):
    def list(
        self,
        *,
        q: Optional[str] = None,
        gender: Optional[Literal["female", "male", "neutral"]] = None,
        range: Optional[str] = None,
        style: Optional[str] = None,
        sort: Optional[Sort] = None,
        limit: Optional[int] = None,
        starting_after: Optional[str] = None,
        **options: Unpack[RequestOptions],
    ) -> AsyncPaginator[Voice]:
        """Voices matching the filters (`q` searches name, description, styles and tags)."""
        params = list_params(limit, starting_after, None, q=q, gender=gender, range=range, style=style,
                             sort=sort)  # fmt: skip
        return self._list("/v1/voices", Voice, params, options)

    async def retrieve(self, voice_id: str, **options: Unpack[RequestOptions]) -> Voice:
        """One voice."""
        return await self._client.request(Voice, "GET", f"/v1/voices/{voice_id}", options=options)

    async def preview(self, voice_id: str, *, to: Destination, **options: Unpack[RequestOptions]) -> int:
        """Writes the voice's short audio preview to a path or binary file; returns the bytes written."""
        response = await self._client.send("GET", f"/v1/voices/{voice_id}/preview", options=options, stream=True)
        async with AsyncBinaryStream(response) as body:
            return await body.write_to(to)
