# Generated from openapi.json and packages/sdk-manifest.json by
# packages/sdk-python/scripts/generate_resources.py. Do not edit: run `npm run generate:sdks`.
"""`client.billing`: Stripe Checkout and the customer portal (signed-in users only)."""

from __future__ import annotations

import functools
from typing import Literal

from typing_extensions import Unpack

from .._response import async_to_raw_response_wrapper, to_raw_response_wrapper
from .._types import RequestOptions
from ..types import CheckoutSession, PortalSession
from ._base import AsyncResource, SyncResource, body_of

__all__ = ["Billing", "AsyncBilling", "BillingWithRawResponse", "AsyncBillingWithRawResponse"]


class Billing(SyncResource):
    """Stripe Checkout and the customer portal (signed-in users only)."""

    @functools.cached_property
    def with_raw_response(self) -> BillingWithRawResponse:
        """The same methods, answering APIResponse (headers, status_code, parse())."""
        return BillingWithRawResponse(self)

    def checkout(
        self,
        price: Literal["studio_monthly", "enterprise_monthly", "credits_100", "credits_500"],
        *,
        success_url: str,
        cancel_url: str,
        **options: Unpack[RequestOptions],
    ) -> CheckoutSession:
        """A Stripe Checkout Session for a plan or a credit pack; send the buyer to its `url`."""
        body = body_of(price=price, success_url=success_url, cancel_url=cancel_url)
        return self._client.request(CheckoutSession, "POST", "/v1/billing/checkout", body=body, options=options)

    def portal(self, *, return_url: str, **options: Unpack[RequestOptions]) -> PortalSession:
        """The Stripe customer portal's `url`, where the user manages the subscription."""
        body = body_of(return_url=return_url)
        return self._client.request(PortalSession, "POST", "/v1/billing/portal", body=body, options=options)


class AsyncBilling(AsyncResource):
    """Stripe Checkout and the customer portal (signed-in users only)."""

    @functools.cached_property
    def with_raw_response(self) -> AsyncBillingWithRawResponse:
        """The same methods, answering APIResponse (headers, status_code, parse())."""
        return AsyncBillingWithRawResponse(self)

    async def checkout(
        self,
        price: Literal["studio_monthly", "enterprise_monthly", "credits_100", "credits_500"],
        *,
        success_url: str,
        cancel_url: str,
        **options: Unpack[RequestOptions],
    ) -> CheckoutSession:
        """A Stripe Checkout Session for a plan or a credit pack; send the buyer to its `url`."""
        body = body_of(price=price, success_url=success_url, cancel_url=cancel_url)
        return await self._client.request(CheckoutSession, "POST", "/v1/billing/checkout", body=body, options=options)

    async def portal(self, *, return_url: str, **options: Unpack[RequestOptions]) -> PortalSession:
        """The Stripe customer portal's `url`, where the user manages the subscription."""
        body = body_of(return_url=return_url)
        return await self._client.request(PortalSession, "POST", "/v1/billing/portal", body=body, options=options)


class BillingWithRawResponse:
    def __init__(self, resource: Billing) -> None:
        self.checkout = to_raw_response_wrapper(resource.checkout)
        self.portal = to_raw_response_wrapper(resource.portal)


class AsyncBillingWithRawResponse:
    def __init__(self, resource: AsyncBilling) -> None:
        self.checkout = async_to_raw_response_wrapper(resource.checkout)
        self.portal = async_to_raw_response_wrapper(resource.portal)
