"""Cursor pages. `for item in client.tracks.list()` walks every page; a page also stands alone.

The API answers `{"data": [...], "has_more": bool, "next_cursor": "..."}` (newest first) and takes
`starting_after=<next_cursor>` for the next page.

This module is the cursor logic without I/O (BasePage); the pages that fetch are AsyncPage
(_async_pagination.py, written by hand) and its generated sync twin SyncPage (_sync_pagination.py).
"""

from __future__ import annotations

from typing import Any, Dict, Generic, List, Optional, TypeVar

T = TypeVar("T")
Params = Dict[str, Any]


class BasePage(Generic[T]):
    """One page's items and where the next page starts."""

    data: List[T]
    has_more: bool
    next_cursor: Optional[str]

    def __init__(self, data: List[T], has_more: bool, next_cursor: Optional[str], params: Params) -> None:
        self.data, self.has_more, self.next_cursor = data, has_more, next_cursor
        self._params = params

    def has_next_page(self) -> bool:
        return self.has_more and self.next_cursor is not None

    def next_page_params(self) -> Params:
        """The query of the page after this one: the same filters, starting after this page's cursor."""
        return {**self._params, "starting_after": self.next_cursor, "ending_before": None}

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(data=[{len(self.data)} items], has_more={self.has_more},"
            f" next_cursor={self.next_cursor!r})"
        )
