# Generated from openapi.json and packages/sdk-manifest.json by
# packages/sdk-python/scripts/generate_resources.py. Do not edit: run `npm run generate:sdks`.
"""`client.events`: The workspace's event log, and (hand-written) the live, verified job-event subscription."""

from __future__ import annotations

import functools
from typing import Literal, Optional

from typing_extensions import Unpack

from .._response import async_to_raw_response_wrapper, to_raw_response_wrapper
from .._sync_pagination import SyncPage
from .._types import RequestOptions
from ..types import Event
from ._base import AsyncPaginator, AsyncResource, SyncResource

__all__ = ["Events", "AsyncEvents", "EventsWithRawResponse", "AsyncEventsWithRawResponse"]


class Events(SyncResource):
    """The workspace's event log, and (hand-written) the live, verified job-event subscription."""

    @functools.cached_property
    def with_raw_response(self) -> EventsWithRawResponse:
        """The same methods, answering APIResponse (headers, status_code, parse())."""
        return EventsWithRawResponse(self)

    def list(
        self,
        *,
        limit: Optional[int] = None,
        starting_after: Optional[str] = None,
        ending_before: Optional[str] = None,
        type: Optional[
            Literal["track.queued", "track.generating", "track.ready", "track.failed", "webhook_endpoint.disabled"]
        ] = None,
        track_id: Optional[str] = None,
        **options: Unpack[RequestOptions],
    ) -> SyncPage[Event]:
        """The workspace's events, newest first (kept 30 days); `type` e.g. "track.ready", `track_id` for one
        track's.
        """
        params = {
            "limit": limit,
            "starting_after": starting_after,
            "ending_before": ending_before,
            "type": type,
            "track_id": track_id,
        }
        return self._list("/v1/events", Event, params, options)


class AsyncEvents(AsyncResource):
    """The workspace's event log, and (hand-written) the live, verified job-event subscription."""

    @functools.cached_property
    def with_raw_response(self) -> AsyncEventsWithRawResponse:
        """The same methods, answering APIResponse (headers, status_code, parse())."""
        return AsyncEventsWithRawResponse(self)

    def list(
        self,
        *,
        limit: Optional[int] = None,
        starting_after: Optional[str] = None,
        ending_before: Optional[str] = None,
        type: Optional[
            Literal["track.queued", "track.generating", "track.ready", "track.failed", "webhook_endpoint.disabled"]
        ] = None,
        track_id: Optional[str] = None,
        **options: Unpack[RequestOptions],
    ) -> AsyncPaginator[Event]:
        """The workspace's events, newest first (kept 30 days); `type` e.g. "track.ready", `track_id` for one
        track's.
        """
        params = {
            "limit": limit,
            "starting_after": starting_after,
            "ending_before": ending_before,
            "type": type,
            "track_id": track_id,
        }
        return self._list("/v1/events", Event, params, options)


class EventsWithRawResponse:
    def __init__(self, resource: Events) -> None:
        self.list = to_raw_response_wrapper(resource.list)


class AsyncEventsWithRawResponse:
    def __init__(self, resource: AsyncEvents) -> None:
        self.list = async_to_raw_response_wrapper(resource.list)
