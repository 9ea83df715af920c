"""Cursor pages. `for item in client.tracks.list()` walks every page; a page also stands alone.

The API answers `{"data": [...], "has_more": bool, "next_cursor": "..."}` (newest first) and takes
`starting_after=<next_cursor>` for the next page.
"""

from __future__ import annotations

from typing import (
    Any,
    AsyncIterator,
    Awaitable,
    Callable,
    Dict,
    Generator,
    Generic,
    Iterator,
    List,
    Optional,
    TypeVar,
)  # fmt: skip

T = TypeVar("T")
Params = Dict[str, Any]


class SyncPage(Generic[T]):
    """One page of a list; iterate it to walk this and every later page."""

    data: List[T]
    has_more: bool
    next_cursor: Optional[str]

    def __init__(
        self,
        data: List[T],
        has_more: bool,
        next_cursor: Optional[str],
        fetch: Callable[[Params], SyncPage[T]],
        params: Params,
    ) -> None:
        self.data, self.has_more, self.next_cursor = data, has_more, next_cursor
        self._fetch, self._params = fetch, params

    def has_next_page(self) -> bool:
        return self.has_more and self.next_cursor is not None

    def get_next_page(self) -> SyncPage[T]:
        """The page after this one; call has_next_page() first."""
        if not self.has_next_page():
            raise StopIteration("no next page")
        return self._fetch({**self._params, "starting_after": self.next_cursor, "ending_before": None})

    def iter_pages(self) -> Iterator[SyncPage[T]]:
        page: SyncPage[T] = self
        yield page
        while page.has_next_page():
            page = page.get_next_page()
            yield page

    def __iter__(self) -> Iterator[T]:
        for page in self.iter_pages():
            yield from page.data

    def __repr__(self) -> str:
        return f"SyncPage(data=[{len(self.data)} items], has_more={self.has_more}, next_cursor={self.next_cursor!r})"


class AsyncPage(Generic[T]):
    """One page of a list; `async for` over it walks this and every later page."""

    data: List[T]
    has_more: bool
    next_cursor: Optional[str]

    def __init__(
        self,
        data: List[T],
        has_more: bool,
        next_cursor: Optional[str],
        fetch: Callable[[Params], Awaitable[AsyncPage[T]]],
        params: Params,
    ) -> None:
        self.data, self.has_more, self.next_cursor = data, has_more, next_cursor
        self._fetch, self._params = fetch, params

    def has_next_page(self) -> bool:
        return self.has_more and self.next_cursor is not None

    async def get_next_page(self) -> AsyncPage[T]:
        """The page after this one; call has_next_page() first."""
        if not self.has_next_page():
            raise StopAsyncIteration("no next page")
        return await self._fetch({**self._params, "starting_after": self.next_cursor, "ending_before": None})

    async def iter_pages(self) -> AsyncIterator[AsyncPage[T]]:
        page: AsyncPage[T] = self
        yield page
        while page.has_next_page():
            page = await page.get_next_page()
            yield page

    async def __aiter__(self) -> AsyncIterator[T]:
        async for page in self.iter_pages():
            for item in page.data:
                yield item


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
