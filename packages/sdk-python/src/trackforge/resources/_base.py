"""What every generated resource uses: the client it talks through, how a list becomes a page, and
how arguments become a JSON body, a multipart file part or a held (`Prefer: wait`) request."""

from __future__ import annotations

from typing import (
    TYPE_CHECKING,
    Any,
    AsyncIterator,
    Awaitable,
    Callable,
    Dict,
    Generator,
    Generic,
    List,
    Mapping,
    Optional,
    Sequence,
    Tuple,
    Type,
    TypeVar,
)

import httpx
import pydantic

from .._async_pagination import AsyncPage
from .._base_client import FilePart, Files
from .._binary import Source, read_source
from .._pagination import Params
from .._sync_pagination import SyncPage
from .._types import RequestOptions

if TYPE_CHECKING:
    # The transport, not the client class: the client imports every resource, so a resource that
    # named the client would close an import circle. Helpers that need a sibling resource get it
    # passed in (lib/_async_tracks.py, lib/_async_events.py).
    from .._async_api_client import AsyncAPIClient
    from .._sync_api_client import SyncAPIClient

M = TypeVar("M", bound=pydantic.BaseModel)
# Where a list answer keeps its items: the body itself, or a nested list (the credit ledger).
Extract = Callable[[Any], Mapping[str, Any]]


class NotGiven:
    """Marks an argument that was not passed, where None is a value (a nullable field: null clears it)."""

    def __bool__(self) -> bool:
        return False

    def __repr__(self) -> str:
        return "NOT_GIVEN"


NOT_GIVEN: Any = NotGiven()


def _whole(body: Any) -> Mapping[str, Any]:
    return body  # type: ignore[no-any-return]


def at_key(key: str) -> Extract:
    def extract(body: Any) -> Mapping[str, Any]:
        return body[key]  # type: ignore[no-any-return]

    return extract


def _page_parts(response: httpx.Response, model: Type[M], extract: Extract) -> Tuple[List[M], bool, Optional[str]]:
    listing = extract(response.json())
    items = [model.model_validate(item) for item in listing.get("data", [])]
    return items, bool(listing.get("has_more")), listing.get("next_cursor")


T = TypeVar("T")


class AsyncPaginator(Generic[T]):
    """What async `list()` returns: `await` it for the first page, or `async for` every item."""

    def __init__(self, fetch: Callable[[Params], Awaitable[AsyncPage[T]]], params: Params) -> None:
        self._fetch, self._params = fetch, params

    def __await__(self) -> Generator[Any, None, AsyncPage[T]]:
        return self._fetch(self._params).__await__()

    async def __aiter__(self) -> AsyncIterator[T]:
        page = await self._fetch(self._params)
        async for item in page:
            yield item


class SyncResource:
    def __init__(self, client: SyncAPIClient) -> None:
        self._client = client

    def _list(
        self, path: str, model: Type[M], params: Params, options: RequestOptions, extract: Extract = _whole
    ) -> SyncPage[M]:
        def fetch(page_params: Params) -> SyncPage[M]:
            response = self._client.send("GET", path, params=page_params, options=options)
            return SyncPage(*_page_parts(response, model, extract), fetch=fetch, params=page_params)

        return fetch(params)


class AsyncResource:
    def __init__(self, client: AsyncAPIClient) -> None:
        self._client = client

    def _list(
        self, path: str, model: Type[M], params: Params, options: RequestOptions, extract: Extract = _whole
    ) -> AsyncPaginator[M]:
        async def fetch(page_params: Params) -> AsyncPage[M]:
            response = await self._client.send("GET", path, params=page_params, options=options)
            return AsyncPage(*_page_parts(response, model, extract), fetch=fetch, params=page_params)

        return AsyncPaginator(fetch, params)


def jsonable(value: Any) -> Any:
    """A TypedDict, mapping or sequence argument as plain JSON data (tuples and other sequences become lists)."""
    if isinstance(value, Mapping):
        return {key: jsonable(item) for key, item in value.items()}
    if isinstance(value, Sequence) and not isinstance(value, (str, bytes, bytearray)):
        return [jsonable(item) for item in value]
    return value


def body_of(**fields: Any) -> Dict[str, Any]:
    """A JSON body of the fields that were given: None and NOT_GIVEN mean "not sent"."""
    return {key: jsonable(value) for key, value in fields.items() if value is not None and value is not NOT_GIVEN}


def nullable(**fields: Any) -> Dict[str, Any]:
    """Body fields whose None is sent as null (it clears them); only NOT_GIVEN means "not sent"."""
    return {key: jsonable(value) for key, value in fields.items() if value is not NOT_GIVEN}


def file_part(source: Optional[Source], default_name: str, content_type: str) -> Optional[FilePart]:
    if source is None:
        return None
    name, data = read_source(source, default_name)
    return (name, data, content_type)


def files_of(**parts: Optional[FilePart]) -> Optional[Files]:
    """The multipart file parts that were given, or None (then the body goes as plain JSON)."""
    given = {name: part for name, part in parts.items() if part is not None}
    return given or None


def prefer_wait(wait_seconds: Optional[int], options: RequestOptions) -> RequestOptions:
    """`Prefer: wait=N` holds the answer until the track is ready or N seconds pass; the timeout gets room."""
    if wait_seconds is None:
        return options
    headers = {"Prefer": f"wait={wait_seconds}", **options.get("extra_headers", {})}
    return {"timeout": float(wait_seconds) + 30.0, **options, "extra_headers": headers}
