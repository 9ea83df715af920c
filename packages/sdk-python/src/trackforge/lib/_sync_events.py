# Generated from lib/_async_events.py by packages/sdk-python/scripts/generate_resources.py.
# Do not edit: edit the async module and run `npm run generate:sdks`.
"""`client.events.subscribe` on top of the generated event log: live job events, verified and typed."""

from __future__ import annotations

from typing import Optional, Sequence

from .._event_stream import _SubscriptionState
from .._sync_api_client import SyncAPIClient
from .._sync_event_stream import EventSubscription
from ..resources.events import Events as GeneratedEvents
from ..resources.workspace import WorkspaceResource

DEFAULT_MAX_RECONNECTS = 10


class Events(GeneratedEvents):
    def __init__(self, client: SyncAPIClient, workspace: WorkspaceResource) -> None:
        super().__init__(client)
        self._workspace = workspace  # a subscription reads the workspace's signing secret

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
        return EventSubscription(self._workspace.retrieve, state, self._client._sleep)
