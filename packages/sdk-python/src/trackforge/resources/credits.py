"""`client.credits`: the balance, credits held by tracks in progress, and the ledger."""

from __future__ import annotations

from typing import Any, Mapping, Optional

from typing_extensions import Unpack

from .._pagination import AsyncPaginator, SyncPage
from .._types import RequestOptions
from ..types import CreditEntry, Credits
from ._base import AsyncResource, SyncResource, list_params


def _entries(body: Any) -> Mapping[str, Any]:
    return body["entries"]  # type: ignore[no-any-return]


class CreditsResource(SyncResource):
    def retrieve(self, **options: Unpack[RequestOptions]) -> Credits:
        """Balance, held credits and the newest ledger entries."""
        return self._client.request(Credits, "GET", "/v1/credits", options=options)

    def list_entries(
        self, *, limit: Optional[int] = None, starting_after: Optional[str] = None, **options: Unpack[RequestOptions]
    ) -> SyncPage[CreditEntry]:
        """The ledger, newest first (grant, hold, capture, refund, …); iterate to walk every page."""
        return self._list("/v1/credits", CreditEntry, list_params(limit, starting_after, None), options, _entries)


class AsyncCreditsResource(AsyncResource):
    async def retrieve(self, **options: Unpack[RequestOptions]) -> Credits:
        """Balance, held credits and the newest ledger entries."""
        return await self._client.request(Credits, "GET", "/v1/credits", options=options)

    def list_entries(
        self, *, limit: Optional[int] = None, starting_after: Optional[str] = None, **options: Unpack[RequestOptions]
    ) -> AsyncPaginator[CreditEntry]:
        """The ledger, newest first: `await` for the first page or `async for` every entry."""
        return self._list("/v1/credits", CreditEntry, list_params(limit, starting_after, None), options, _entries)
