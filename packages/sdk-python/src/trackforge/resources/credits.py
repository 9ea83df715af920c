# Generated from openapi.json and packages/sdk-manifest.json by
# packages/sdk-python/scripts/generate_resources.py. Do not edit: run `npm run generate:sdks`.
"""`client.credits`: The balance, credits held by tracks in progress, and the ledger."""

from __future__ import annotations

import functools
from typing import Optional

from typing_extensions import Unpack

from .._response import async_to_raw_response_wrapper, to_raw_response_wrapper
from .._sync_pagination import SyncPage
from .._types import RequestOptions
from ..types import CreditEntry, Credits
from ._base import AsyncPaginator, AsyncResource, SyncResource, at_key

__all__ = [
    "CreditsResource",
    "AsyncCreditsResource",
    "CreditsResourceWithRawResponse",
    "AsyncCreditsResourceWithRawResponse",
]


class CreditsResource(SyncResource):
    """The balance, credits held by tracks in progress, and the ledger."""

    @functools.cached_property
    def with_raw_response(self) -> CreditsResourceWithRawResponse:
        """The same methods, answering APIResponse (headers, status_code, parse())."""
        return CreditsResourceWithRawResponse(self)

    def retrieve(
        self,
        *,
        limit: Optional[int] = None,
        starting_after: Optional[str] = None,
        ending_before: Optional[str] = None,
        **options: Unpack[RequestOptions],
    ) -> Credits:
        """Balance, held credits and the first page of the ledger."""
        params = {"limit": limit, "starting_after": starting_after, "ending_before": ending_before}
        return self._client.request(Credits, "GET", "/v1/credits", params=params, options=options)

    def list_entries(
        self,
        *,
        limit: Optional[int] = None,
        starting_after: Optional[str] = None,
        ending_before: Optional[str] = None,
        **options: Unpack[RequestOptions],
    ) -> SyncPage[CreditEntry]:
        """The ledger (grants, holds, captures, refunds…), newest first, across pages."""
        params = {"limit": limit, "starting_after": starting_after, "ending_before": ending_before}
        return self._list("/v1/credits", CreditEntry, params, options, at_key("entries"))


class AsyncCreditsResource(AsyncResource):
    """The balance, credits held by tracks in progress, and the ledger."""

    @functools.cached_property
    def with_raw_response(self) -> AsyncCreditsResourceWithRawResponse:
        """The same methods, answering APIResponse (headers, status_code, parse())."""
        return AsyncCreditsResourceWithRawResponse(self)

    async def retrieve(
        self,
        *,
        limit: Optional[int] = None,
        starting_after: Optional[str] = None,
        ending_before: Optional[str] = None,
        **options: Unpack[RequestOptions],
    ) -> Credits:
        """Balance, held credits and the first page of the ledger."""
        params = {"limit": limit, "starting_after": starting_after, "ending_before": ending_before}
        return await self._client.request(Credits, "GET", "/v1/credits", params=params, options=options)

    def list_entries(
        self,
        *,
        limit: Optional[int] = None,
        starting_after: Optional[str] = None,
        ending_before: Optional[str] = None,
        **options: Unpack[RequestOptions],
    ) -> AsyncPaginator[CreditEntry]:
        """The ledger (grants, holds, captures, refunds…), newest first, across pages."""
        params = {"limit": limit, "starting_after": starting_after, "ending_before": ending_before}
        return self._list("/v1/credits", CreditEntry, params, options, at_key("entries"))


class CreditsResourceWithRawResponse:
    def __init__(self, resource: CreditsResource) -> None:
        self.retrieve = to_raw_response_wrapper(resource.retrieve)
        self.list_entries = to_raw_response_wrapper(resource.list_entries)


class AsyncCreditsResourceWithRawResponse:
    def __init__(self, resource: AsyncCreditsResource) -> None:
        self.retrieve = async_to_raw_response_wrapper(resource.retrieve)
        self.list_entries = async_to_raw_response_wrapper(resource.list_entries)
