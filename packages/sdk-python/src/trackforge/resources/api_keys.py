# Generated from openapi.json and packages/sdk-manifest.json by
# packages/sdk-python/scripts/generate_resources.py. Do not edit: run `npm run generate:sdks`.
"""`client.api_keys`: API keys of the workspace (signed-in users only; Studio and Enterprise plans)."""

from __future__ import annotations

import functools
from typing import Literal, Optional

from typing_extensions import Unpack

from .._response import async_to_raw_response_wrapper, to_raw_response_wrapper
from .._sync_pagination import SyncPage
from .._types import RequestOptions
from ..types import ApiKey, ApiKeyWithSecret
from ._base import AsyncPaginator, AsyncResource, SyncResource, body_of

__all__ = ["ApiKeys", "AsyncApiKeys", "ApiKeysWithRawResponse", "AsyncApiKeysWithRawResponse"]


class ApiKeys(SyncResource):
    """API keys of the workspace (signed-in users only; Studio and Enterprise plans)."""

    @functools.cached_property
    def with_raw_response(self) -> ApiKeysWithRawResponse:
        """The same methods, answering APIResponse (headers, status_code, parse())."""
        return ApiKeysWithRawResponse(self)

    def create(
        self, name: str, *, mode: Optional[Literal["live", "test"]] = None, **options: Unpack[RequestOptions]
    ) -> ApiKeyWithSecret:
        """A new key; its `secret` is shown only in this answer."""
        body = body_of(name=name, mode=mode)
        return self._client.request(ApiKeyWithSecret, "POST", "/v1/api-keys", body=body, options=options)

    def list(
        self,
        *,
        limit: Optional[int] = None,
        starting_after: Optional[str] = None,
        ending_before: Optional[str] = None,
        **options: Unpack[RequestOptions],
    ) -> SyncPage[ApiKey]:
        """The workspace's keys, without secrets."""
        params = {"limit": limit, "starting_after": starting_after, "ending_before": ending_before}
        return self._list("/v1/api-keys", ApiKey, params, options)

    def retrieve(self, key_id: str, **options: Unpack[RequestOptions]) -> ApiKey:
        """One live key, without its secret (a revoked key is NotFoundError)."""
        return self._client.request(ApiKey, "GET", f"/v1/api-keys/{key_id}", options=options)

    def delete(self, key_id: str, **options: Unpack[RequestOptions]) -> None:
        """Revokes the key; it stops working at once."""
        self._client.request_none("DELETE", f"/v1/api-keys/{key_id}", options=options)


class AsyncApiKeys(AsyncResource):
    """API keys of the workspace (signed-in users only; Studio and Enterprise plans)."""

    @functools.cached_property
    def with_raw_response(self) -> AsyncApiKeysWithRawResponse:
        """The same methods, answering APIResponse (headers, status_code, parse())."""
        return AsyncApiKeysWithRawResponse(self)

    async def create(
        self, name: str, *, mode: Optional[Literal["live", "test"]] = None, **options: Unpack[RequestOptions]
    ) -> ApiKeyWithSecret:
        """A new key; its `secret` is shown only in this answer."""
        body = body_of(name=name, mode=mode)
        return await self._client.request(ApiKeyWithSecret, "POST", "/v1/api-keys", body=body, options=options)

    def list(
        self,
        *,
        limit: Optional[int] = None,
        starting_after: Optional[str] = None,
        ending_before: Optional[str] = None,
        **options: Unpack[RequestOptions],
    ) -> AsyncPaginator[ApiKey]:
        """The workspace's keys, without secrets."""
        params = {"limit": limit, "starting_after": starting_after, "ending_before": ending_before}
        return self._list("/v1/api-keys", ApiKey, params, options)

    async def retrieve(self, key_id: str, **options: Unpack[RequestOptions]) -> ApiKey:
        """One live key, without its secret (a revoked key is NotFoundError)."""
        return await self._client.request(ApiKey, "GET", f"/v1/api-keys/{key_id}", options=options)

    async def delete(self, key_id: str, **options: Unpack[RequestOptions]) -> None:
        """Revokes the key; it stops working at once."""
        await self._client.request_none("DELETE", f"/v1/api-keys/{key_id}", options=options)


class ApiKeysWithRawResponse:
    def __init__(self, resource: ApiKeys) -> None:
        self.create = to_raw_response_wrapper(resource.create)
        self.list = to_raw_response_wrapper(resource.list)
        self.retrieve = to_raw_response_wrapper(resource.retrieve)
        self.delete = to_raw_response_wrapper(resource.delete)


class AsyncApiKeysWithRawResponse:
    def __init__(self, resource: AsyncApiKeys) -> None:
        self.create = async_to_raw_response_wrapper(resource.create)
        self.list = async_to_raw_response_wrapper(resource.list)
        self.retrieve = async_to_raw_response_wrapper(resource.retrieve)
        self.delete = async_to_raw_response_wrapper(resource.delete)
