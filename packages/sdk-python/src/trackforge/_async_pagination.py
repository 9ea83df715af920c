"""AsyncPage: a page that fetches the next one with the async client; `async for` walks them all."""

# async source: written once, for asyncio; scripts/generate_resources.py writes the sync twin
# async source: (_sync_pagination.py, SyncPage) from it.

from __future__ import annotations

from typing import AsyncIterator, Awaitable, Callable, List, Optional

from ._pagination import BasePage, Params, T


class AsyncPage(BasePage[T]):
    """One page of a list; iterate it to walk this and every later page."""

    def __init__(
        self,
        data: List[T],
        has_more: bool,
        next_cursor: Optional[str],
        fetch: Callable[[Params], Awaitable[AsyncPage[T]]],
        params: Params,
    ) -> None:
        super().__init__(data, has_more, next_cursor, params)
        self._fetch = fetch

    async def get_next_page(self) -> AsyncPage[T]:
        """The page after this one; call has_next_page() first."""
        if not self.has_next_page():
            raise StopAsyncIteration("no next page")
        return await self._fetch(self.next_page_params())

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
