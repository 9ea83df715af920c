# Generated from openapi.json and packages/sdk-manifest.json by
# packages/sdk-python/scripts/generate_resources.py. Do not edit: run `npm run generate:sdks`.
"""`client.workspace`: The caller's workspace and the secret that signs its events."""

from __future__ import annotations

import functools

from typing_extensions import Unpack

from .._response import async_to_raw_response_wrapper, to_raw_response_wrapper
from .._types import RequestOptions
from ..types import WorkspaceDetails
from ._base import AsyncResource, SyncResource

__all__ = [
    "WorkspaceResource",
    "AsyncWorkspaceResource",
    "WorkspaceResourceWithRawResponse",
    "AsyncWorkspaceResourceWithRawResponse",
]


class WorkspaceResource(SyncResource):
    """The caller's workspace and the secret that signs its events."""

    @functools.cached_property
    def with_raw_response(self) -> WorkspaceResourceWithRawResponse:
        """The same methods, answering APIResponse (headers, status_code, parse())."""
        return WorkspaceResourceWithRawResponse(self)

    def retrieve(self, **options: Unpack[RequestOptions]) -> WorkspaceDetails:
        """The workspace, with the `signing_secret` (`whsec_…`) that signs its WebSocket frames and track webhooks."""
        return self._client.request(WorkspaceDetails, "GET", "/v1/workspace", options=options)

    def rotate_signing_secret(self, **options: Unpack[RequestOptions]) -> WorkspaceDetails:
        """Replaces the signing secret (signed-in users only); the old one stops verifying new events at once."""
        return self._client.request(WorkspaceDetails, "POST", "/v1/workspace/signing-secret", options=options)


class AsyncWorkspaceResource(AsyncResource):
    """The caller's workspace and the secret that signs its events."""

    @functools.cached_property
    def with_raw_response(self) -> AsyncWorkspaceResourceWithRawResponse:
        """The same methods, answering APIResponse (headers, status_code, parse())."""
        return AsyncWorkspaceResourceWithRawResponse(self)

    async def retrieve(self, **options: Unpack[RequestOptions]) -> WorkspaceDetails:
        """The workspace, with the `signing_secret` (`whsec_…`) that signs its WebSocket frames and track webhooks."""
        return await self._client.request(WorkspaceDetails, "GET", "/v1/workspace", options=options)

    async def rotate_signing_secret(self, **options: Unpack[RequestOptions]) -> WorkspaceDetails:
        """Replaces the signing secret (signed-in users only); the old one stops verifying new events at once."""
        return await self._client.request(WorkspaceDetails, "POST", "/v1/workspace/signing-secret", options=options)


class WorkspaceResourceWithRawResponse:
    def __init__(self, resource: WorkspaceResource) -> None:
        self.retrieve = to_raw_response_wrapper(resource.retrieve)
        self.rotate_signing_secret = to_raw_response_wrapper(resource.rotate_signing_secret)


class AsyncWorkspaceResourceWithRawResponse:
    def __init__(self, resource: AsyncWorkspaceResource) -> None:
        self.retrieve = async_to_raw_response_wrapper(resource.retrieve)
        self.rotate_signing_secret = async_to_raw_response_wrapper(resource.rotate_signing_secret)
