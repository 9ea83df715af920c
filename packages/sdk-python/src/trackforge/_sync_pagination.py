# Generated from _async_pagination.py by packages/sdk-python/scripts/generate_resources.py.
# Do not edit: edit the async module and run `npm run generate:sdks`.
"""SyncPage: a page that fetches the next one with the async client; `for` walks them all."""

from __future__ import annotations

from typing import Callable, Iterator, List, Optional

from ._pagination import BasePage, Params, T


class SyncPage(BasePage[T]):
    """One page of a list; iterate it to walk this and every later page."""

    def __init__(
        self,
        data: List[T],
        has_more: bool,
        next_cursor: Optional[str],
        fetch: Callable[[Params], SyncPage[T]],
        params: Params,
    ) -> None:
        super().__init__(data, has_more, next_cursor, params)
        self._fetch = fetch

    def get_next_page(self) -> SyncPage[T]:
        """The page after this one; call has_next_page() first."""
        if not self.has_next_page():
            raise StopIteration("no next page")
        return self._fetch(self.next_page_params())

    def iter_pages(self) -> Iterator[SyncPage[T]]:
        page: SyncPage[T] = self
        yield page
        while page.has_next_page():
            page = page.get_next_page()
            yield page

    def __iter__(self) -> Iterator[T]:
        for page in self.iter_pages():
            yield from page.data
