"""What every resource shares: the client it talks through and how a list becomes a page."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Dict, List, Mapping, Optional, Tuple, Type, TypeVar

import httpx
import pydantic

from .._pagination import AsyncPage, AsyncPaginator, Params, SyncPage
from .._types import RequestOptions

if TYPE_CHECKING:
    from .._client import AsyncTrackforge, Trackforge

M = TypeVar("M", bound=pydantic.BaseModel)
# Where a list answer keeps its items: the body itself, or a nested list (the credit ledger).
Extract = Callable[[Any], Mapping[str, Any]]


def _whole(body: Any) -> Mapping[str, Any]:
    return body  # type: ignore[no-any-return]


def _page_parts(response: httpx.Response, model: Type[M], extract: Extract) -> Tuple[List[M], bool, Optional[str]]:
    listing = extract(response.json())
    items = [model.model_validate(item) for item in listing.get("data", [])]
    return items, bool(listing.get("has_more")), listing.get("next_cursor")


class SyncResource:
    def __init__(self, client: Trackforge) -> None:
        self._client = client

    def _list(
        self, path: str, model: Type[M], params: Params, options: RequestOptions, extract: Extract = _whole
    ) -> SyncPage[M]:
        def fetch(page_params: Params) -> SyncPage[M]:
            response = self._client.send("GET", path, params=page_params, options=options)
            return SyncPage(*_page_parts(response, model, extract), fetch=fetch, params=page_params)

        return fetch(params)


class AsyncResource:
    def __init__(self, client: AsyncTrackforge) -> None:
        self._client = client

    def _list(
        self, path: str, model: Type[M], params: Params, options: RequestOptions, extract: Extract = _whole
    ) -> AsyncPaginator[M]:
        async def fetch(page_params: Params) -> AsyncPage[M]:
            response = await self._client.send("GET", path, params=page_params, options=options)
            return AsyncPage(*_page_parts(response, model, extract), fetch=fetch, params=page_params)

        return AsyncPaginator(fetch, params)


def list_params(
    limit: Optional[int], starting_after: Optional[str], ending_before: Optional[str], **filters: Any
) -> Dict[str, Any]:
    return {"limit": limit, "starting_after": starting_after, "ending_before": ending_before, **filters}


def body_of(**fields: Any) -> Dict[str, Any]:
    """A JSON body of the fields that were given (None means "not sent")."""
    return {key: value for key, value in fields.items() if value is not None}
