# Generated from openapi.json and packages/sdk-manifest.json by
# packages/sdk-python/scripts/generate_resources.py. Do not edit: run `npm run generate:sdks`.
"""`client.webhook_endpoints`: The URLs that receive the workspace's events, each with its own secret."""

from __future__ import annotations

import functools
from typing import Literal, Optional, Sequence

from typing_extensions import Unpack

from .._response import async_to_raw_response_wrapper, to_raw_response_wrapper
from .._sync_pagination import SyncPage
from .._types import RequestOptions
from ..types import WebhookEndpoint
from ._base import NOT_GIVEN, AsyncPaginator, AsyncResource, SyncResource, body_of, nullable

__all__ = [
    "WebhookEndpoints",
    "AsyncWebhookEndpoints",
    "WebhookEndpointsWithRawResponse",
    "AsyncWebhookEndpointsWithRawResponse",
]


class WebhookEndpoints(SyncResource):
    """The URLs that receive the workspace's events, each with its own secret."""

    @functools.cached_property
    def with_raw_response(self) -> WebhookEndpointsWithRawResponse:
        """The same methods, answering APIResponse (headers, status_code, parse())."""
        return WebhookEndpointsWithRawResponse(self)

    def create(
        self,
        url: str,
        *,
        description: Optional[str] = None,
        event_types: Optional[
            Sequence[
                Literal["track.queued", "track.generating", "track.ready", "track.failed", "webhook_endpoint.disabled"]
            ]
        ] = None,
        **options: Unpack[RequestOptions],
    ) -> WebhookEndpoint:
        """Registers a URL for event deliveries (every type when `event_types` is left out); the answer has its
        `whsec_…` secret.
        """
        body = body_of(url=url, description=description, event_types=event_types)
        return self._client.request(WebhookEndpoint, "POST", "/v1/webhook-endpoints", body=body, options=options)

    def retrieve(self, endpoint_id: str, **options: Unpack[RequestOptions]) -> WebhookEndpoint:
        """One endpoint."""
        return self._client.request(WebhookEndpoint, "GET", f"/v1/webhook-endpoints/{endpoint_id}", options=options)

    def update(
        self,
        endpoint_id: str,
        *,
        url: Optional[str] = None,
        description: Optional[str] = NOT_GIVEN,
        event_types: Optional[
            Sequence[
                Literal["track.queued", "track.generating", "track.ready", "track.failed", "webhook_endpoint.disabled"]
            ]
        ] = None,
        enabled: Optional[bool] = None,
        **options: Unpack[RequestOptions],
    ) -> WebhookEndpoint:
        """Changes what is given; `enabled` true turns a disabled endpoint on again, a null `description` clears
        it.
        """
        body = {**body_of(url=url, event_types=event_types, enabled=enabled), **nullable(description=description)}
        return self._client.request(
            WebhookEndpoint, "PATCH", f"/v1/webhook-endpoints/{endpoint_id}", body=body, options=options
        )

    def list(
        self,
        *,
        limit: Optional[int] = None,
        starting_after: Optional[str] = None,
        ending_before: Optional[str] = None,
        **options: Unpack[RequestOptions],
    ) -> SyncPage[WebhookEndpoint]:
        """The workspace's endpoints."""
        params = {"limit": limit, "starting_after": starting_after, "ending_before": ending_before}
        return self._list("/v1/webhook-endpoints", WebhookEndpoint, params, options)

    def delete(self, endpoint_id: str, **options: Unpack[RequestOptions]) -> None:
        """Deletes the endpoint; its queued deliveries are cancelled."""
        self._client.request_none("DELETE", f"/v1/webhook-endpoints/{endpoint_id}", options=options)


class AsyncWebhookEndpoints(AsyncResource):
    """The URLs that receive the workspace's events, each with its own secret."""

    @functools.cached_property
    def with_raw_response(self) -> AsyncWebhookEndpointsWithRawResponse:
        """The same methods, answering APIResponse (headers, status_code, parse())."""
        return AsyncWebhookEndpointsWithRawResponse(self)

    async def create(
        self,
        url: str,
        *,
        description: Optional[str] = None,
        event_types: Optional[
            Sequence[
                Literal["track.queued", "track.generating", "track.ready", "track.failed", "webhook_endpoint.disabled"]
            ]
        ] = None,
        **options: Unpack[RequestOptions],
    ) -> WebhookEndpoint:
        """Registers a URL for event deliveries (every type when `event_types` is left out); the answer has its
        `whsec_…` secret.
        """
        body = body_of(url=url, description=description, event_types=event_types)
        return await self._client.request(WebhookEndpoint, "POST", "/v1/webhook-endpoints", body=body, options=options)

    async def retrieve(self, endpoint_id: str, **options: Unpack[RequestOptions]) -> WebhookEndpoint:
        """One endpoint."""
        return await self._client.request(
            WebhookEndpoint, "GET", f"/v1/webhook-endpoints/{endpoint_id}", options=options
        )

    async def update(
        self,
        endpoint_id: str,
        *,
        url: Optional[str] = None,
        description: Optional[str] = NOT_GIVEN,
        event_types: Optional[
            Sequence[
                Literal["track.queued", "track.generating", "track.ready", "track.failed", "webhook_endpoint.disabled"]
            ]
        ] = None,
        enabled: Optional[bool] = None,
        **options: Unpack[RequestOptions],
    ) -> WebhookEndpoint:
        """Changes what is given; `enabled` true turns a disabled endpoint on again, a null `description` clears
        it.
        """
        body = {**body_of(url=url, event_types=event_types, enabled=enabled), **nullable(description=description)}
        return await self._client.request(
            WebhookEndpoint, "PATCH", f"/v1/webhook-endpoints/{endpoint_id}", body=body, options=options
        )

    def list(
        self,
        *,
        limit: Optional[int] = None,
        starting_after: Optional[str] = None,
        ending_before: Optional[str] = None,
        **options: Unpack[RequestOptions],
    ) -> AsyncPaginator[WebhookEndpoint]:
        """The workspace's endpoints."""
        params = {"limit": limit, "starting_after": starting_after, "ending_before": ending_before}
        return self._list("/v1/webhook-endpoints", WebhookEndpoint, params, options)

    async def delete(self, endpoint_id: str, **options: Unpack[RequestOptions]) -> None:
        """Deletes the endpoint; its queued deliveries are cancelled."""
        await self._client.request_none("DELETE", f"/v1/webhook-endpoints/{endpoint_id}", options=options)


class WebhookEndpointsWithRawResponse:
    def __init__(self, resource: WebhookEndpoints) -> None:
        self.create = to_raw_response_wrapper(resource.create)
        self.retrieve = to_raw_response_wrapper(resource.retrieve)
        self.update = to_raw_response_wrapper(resource.update)
        self.list = to_raw_response_wrapper(resource.list)
        self.delete = to_raw_response_wrapper(resource.delete)


class AsyncWebhookEndpointsWithRawResponse:
    def __init__(self, resource: AsyncWebhookEndpoints) -> None:
        self.create = async_to_raw_response_wrapper(resource.create)
        self.retrieve = async_to_raw_response_wrapper(resource.retrieve)
        self.update = async_to_raw_response_wrapper(resource.update)
        self.list = async_to_raw_response_wrapper(resource.list)
        self.delete = async_to_raw_response_wrapper(resource.delete)
