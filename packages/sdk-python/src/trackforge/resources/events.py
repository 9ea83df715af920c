"""`client.events`: the workspace's event log and the live, lossless job-event subscription."""

from __future__ import annotations

from typing import Optional, Sequence

from typing_extensions import Unpack

from .._event_stream import AsyncEventSubscription, EventSubscription, _SubscriptionState
from .._pagination import AsyncPaginator, SyncPage
from .._types import RequestOptions
from ..types import Event
from ._base import AsyncResource, SyncResource, list_params

DEFAULT_MAX_RECONNECTS = 10


class Events(SyncResource):
    def list(
        self,
        *,
        type: Optional[str] = None,
        track_id: Optional[str] = None,
        limit: Optional[int] = None,
        starting_after: Optional[str] = None,
        ending_before: Optional[str] = None,
        **options: Unpack[RequestOptions],
    ) -> SyncPage[Event]:
        """The event log, newest first (`type` e.g. "track.ready"; `track_id` for one track's events)."""
        return self._list(
            "/v1/events",
            Event,
            list_params(limit, starting_after, ending_before, type=type, track_id=track_id),
            options,
        )

    def subscribe(
        self,
        *,
        track_ids: Optional[Sequence[str]] = None,
        last_event_id: Optional[str] = None,
        timeout: Optional[float] = None,
        max_reconnects: int = DEFAULT_MAX_RECONNECTS,
    ) -> EventSubscription:
        """Live job events, verified and typed; reconnects and resumes without losing one.

            with client.events.subscribe(track_ids=[track.id]) as events:
                for event in events:
                    print(event.type, event.data.track.progress)

        `last_event_id` first replays every later event; `timeout` (seconds) ends the iteration
        with WaitTimeoutError; `max_reconnects` consecutive failed attempts raise APIConnectionError.
        """
        state = _SubscriptionState(
            self._client.base_url, self._client.default_headers(), track_ids, last_event_id, max_reconnects, timeout
        )
        return EventSubscription(self._client, state, self._client._sleep)


class AsyncEvents(AsyncResource):
    def list(
        self,
        *,
        type: Optional[str] = None,
        track_id: Optional[str] = None,
        limit: Optional[int] = None,
        starting_after: Optional[str] = None,
        ending_before: Optional[str] = None,
        **options: Unpack[RequestOptions],
    ) -> AsyncPaginator[Event]:
        """The event log, newest first: `await` for the first page or `async for` every event."""
        return self._list(
            "/v1/events",
            Event,
            list_params(limit, starting_after, ending_before, type=type, track_id=track_id),
            options,
        )

    def subscribe(
        self,
        *,
        track_ids: Optional[Sequence[str]] = None,
        last_event_id: Optional[str] = None,
        timeout: Optional[float] = None,
        max_reconnects: int = DEFAULT_MAX_RECONNECTS,
    ) -> AsyncEventSubscription:
        """Live job events, verified and typed (`async for`); reconnects and resumes losslessly."""
        state = _SubscriptionState(
            self._client.base_url, self._client.default_headers(), track_ids, last_event_id, max_reconnects, timeout
        )
        return AsyncEventSubscription(self._client, state, self._client._sleep)
