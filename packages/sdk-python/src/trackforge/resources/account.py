"""Workspace administration: webhook endpoints, API keys, the workspace's signing secret, billing."""

from __future__ import annotations

from typing import Any, Dict, Literal, Optional, Sequence, Union

from typing_extensions import Unpack

from .._pagination import AsyncPaginator, SyncPage
from .._types import RequestOptions
from ..types import ApiKey, ApiKeyWithSecret, CheckoutSession, PortalSession, WebhookEndpoint, WorkspaceDetails
from ._base import AsyncResource, SyncResource, body_of, list_params

Price = Literal["studio_monthly", "enterprise_monthly", "credits_100", "credits_500"]


class _Unset:
    """Marks a PATCH field as not sent (None is a value there: it clears the description)."""


UNSET: Any = _Unset()


def _endpoint_changes(
    url: Optional[str],
    description: Union[str, _Unset, None],
    event_types: Optional[Sequence[str]],
    enabled: Optional[bool],
) -> Dict[str, Any]:
    body = body_of(url=url, event_types=list(event_types) if event_types is not None else None, enabled=enabled)
    if not isinstance(description, _Unset):
        body["description"] = description
    return body


class WebhookEndpoints(SyncResource):
    def create(
        self, url: str, *, event_types: Optional[Sequence[str]] = None, **options: Unpack[RequestOptions]
    ) -> WebhookEndpoint:
        """Registers a URL for event deliveries (all types when `event_types` is omitted); has its `secret`."""
        body = body_of(url=url, event_types=list(event_types) if event_types is not None else None)
        return self._client.request(WebhookEndpoint, "POST", "/v1/webhook-endpoints", body=body, options=options)

    def retrieve(self, endpoint_id: str, **options: Unpack[RequestOptions]) -> WebhookEndpoint:
        return self._client.request(WebhookEndpoint, "GET", f"/v1/webhook-endpoints/{endpoint_id}", options=options)

    def list(
        self, *, limit: Optional[int] = None, starting_after: Optional[str] = None, **options: Unpack[RequestOptions]
    ) -> SyncPage[WebhookEndpoint]:
        return self._list("/v1/webhook-endpoints", WebhookEndpoint, list_params(limit, starting_after, None), options)

    def delete(self, endpoint_id: str, **options: Unpack[RequestOptions]) -> None:
        self._client.request_none("DELETE", f"/v1/webhook-endpoints/{endpoint_id}", options=options)

    def update(
        self,
        endpoint_id: str,
        *,
        url: Optional[str] = None,
        description: Union[str, _Unset, None] = UNSET,
        event_types: Optional[Sequence[str]] = None,
        enabled: Optional[bool] = None,
        **options: Unpack[RequestOptions],
    ) -> WebhookEndpoint:
        """Changes what is given; `enabled=True` turns a disabled endpoint on again, `description=None` clears it."""
        body = _endpoint_changes(url, description, event_types, enabled)
        return self._client.request(
            WebhookEndpoint, "PATCH", f"/v1/webhook-endpoints/{endpoint_id}", body=body, options=options
        )


class ApiKeys(SyncResource):
    """Needs a signed-in user (access token), not an API key, on a Studio or Enterprise plan."""

    def create(self, name: str, **options: Unpack[RequestOptions]) -> ApiKeyWithSecret:
        """A new key; its `secret` is shown only in this answer."""
        return self._client.request(ApiKeyWithSecret, "POST", "/v1/api-keys", body={"name": name}, options=options)

    def list(
        self, *, limit: Optional[int] = None, starting_after: Optional[str] = None, **options: Unpack[RequestOptions]
    ) -> SyncPage[ApiKey]:
        return self._list("/v1/api-keys", ApiKey, list_params(limit, starting_after, None), options)

    def retrieve(self, key_id: str, **options: Unpack[RequestOptions]) -> ApiKey:
        """One live key, without its secret (a revoked key is NotFoundError)."""
        return self._client.request(ApiKey, "GET", f"/v1/api-keys/{key_id}", options=options)

    def delete(self, key_id: str, **options: Unpack[RequestOptions]) -> None:
        """Revokes the key at once."""
        self._client.request_none("DELETE", f"/v1/api-keys/{key_id}", options=options)


class WorkspaceResource(SyncResource):
    def retrieve(self, **options: Unpack[RequestOptions]) -> WorkspaceDetails:
        """The workspace, with the `signing_secret` that signs its WebSocket frames and track webhooks."""
        return self._client.request(WorkspaceDetails, "GET", "/v1/workspace", options=options)

    def rotate_signing_secret(self, **options: Unpack[RequestOptions]) -> WorkspaceDetails:
        """Replaces the signing secret; the answer carries the new one."""
        return self._client.request(WorkspaceDetails, "POST", "/v1/workspace/signing-secret", options=options)


class Billing(SyncResource):
    def checkout(
        self, price: Price, *, success_url: str, cancel_url: str, **options: Unpack[RequestOptions]
    ) -> CheckoutSession:
        """A Stripe Checkout Session for a plan or credit pack; redirect the buyer to its `url`."""
        body = {"price": price, "success_url": success_url, "cancel_url": cancel_url}
        return self._client.request(CheckoutSession, "POST", "/v1/billing/checkout", body=body, options=options)

    def portal(self, *, return_url: str, **options: Unpack[RequestOptions]) -> PortalSession:
        """The Stripe customer portal; redirect the user to its `url`."""
        return self._client.request(
            PortalSession, "POST", "/v1/billing/portal", body={"return_url": return_url}, options=options
        )


class AsyncWebhookEndpoints(AsyncResource):
    async def create(
        self, url: str, *, event_types: Optional[Sequence[str]] = None, **options: Unpack[RequestOptions]
    ) -> WebhookEndpoint:
        """Registers a URL for event deliveries (all types when `event_types` is omitted); has its `secret`."""
        body = body_of(url=url, event_types=list(event_types) if event_types is not None else None)
        return await self._client.request(WebhookEndpoint, "POST", "/v1/webhook-endpoints", body=body, options=options)

    async def retrieve(self, endpoint_id: str, **options: Unpack[RequestOptions]) -> WebhookEndpoint:
        return await self._client.request(
            WebhookEndpoint, "GET", f"/v1/webhook-endpoints/{endpoint_id}", options=options
        )

    def list(
        self, *, limit: Optional[int] = None, starting_after: Optional[str] = None, **options: Unpack[RequestOptions]
    ) -> AsyncPaginator[WebhookEndpoint]:
        return self._list("/v1/webhook-endpoints", WebhookEndpoint, list_params(limit, starting_after, None), options)

    async def delete(self, endpoint_id: str, **options: Unpack[RequestOptions]) -> None:
        await self._client.request_none("DELETE", f"/v1/webhook-endpoints/{endpoint_id}", options=options)

    async def update(
        self,
        endpoint_id: str,
        *,
        url: Optional[str] = None,
        description: Union[str, _Unset, None] = UNSET,
        event_types: Optional[Sequence[str]] = None,
        enabled: Optional[bool] = None,
        **options: Unpack[RequestOptions],
    ) -> WebhookEndpoint:
        """Changes what is given; `enabled=True` turns a disabled endpoint on again, `description=None` clears it."""
        body = _endpoint_changes(url, description, event_types, enabled)
        return await self._client.request(
            WebhookEndpoint, "PATCH", f"/v1/webhook-endpoints/{endpoint_id}", body=body, options=options
        )


class AsyncApiKeys(AsyncResource):
    """Needs a signed-in user (access token), not an API key, on a Studio or Enterprise plan."""

    async def create(self, name: str, **options: Unpack[RequestOptions]) -> ApiKeyWithSecret:
        """A new key; its `secret` is shown only in this answer."""
        return await self._client.request(
            ApiKeyWithSecret, "POST", "/v1/api-keys", body={"name": name}, options=options
        )

    def list(
        self, *, limit: Optional[int] = None, starting_after: Optional[str] = None, **options: Unpack[RequestOptions]
    ) -> AsyncPaginator[ApiKey]:
        return self._list("/v1/api-keys", ApiKey, list_params(limit, starting_after, None), options)

    async def retrieve(self, key_id: str, **options: Unpack[RequestOptions]) -> ApiKey:
        """One live key, without its secret (a revoked key is NotFoundError)."""
        return await self._client.request(ApiKey, "GET", f"/v1/api-keys/{key_id}", options=options)

    async def delete(self, key_id: str, **options: Unpack[RequestOptions]) -> None:
        """Revokes the key at once."""
        await self._client.request_none("DELETE", f"/v1/api-keys/{key_id}", options=options)


class AsyncWorkspaceResource(AsyncResource):
    async def retrieve(self, **options: Unpack[RequestOptions]) -> WorkspaceDetails:
        """The workspace, with the `signing_secret` that signs its WebSocket frames and track webhooks."""
        return await self._client.request(WorkspaceDetails, "GET", "/v1/workspace", options=options)

    async def rotate_signing_secret(self, **options: Unpack[RequestOptions]) -> WorkspaceDetails:
        """Replaces the signing secret; the answer carries the new one."""
        return await self._client.request(WorkspaceDetails, "POST", "/v1/workspace/signing-secret", options=options)


class AsyncBilling(AsyncResource):
    async def checkout(
        self, price: Price, *, success_url: str, cancel_url: str, **options: Unpack[RequestOptions]
    ) -> CheckoutSession:
        """A Stripe Checkout Session for a plan or credit pack; redirect the buyer to its `url`."""
        body = {"price": price, "success_url": success_url, "cancel_url": cancel_url}
        return await self._client.request(CheckoutSession, "POST", "/v1/billing/checkout", body=body, options=options)

    async def portal(self, *, return_url: str, **options: Unpack[RequestOptions]) -> PortalSession:
        """The Stripe customer portal; redirect the user to its `url`."""
        return await self._client.request(
            PortalSession, "POST", "/v1/billing/portal", body={"return_url": return_url}, options=options
        )
