"""`client.events.subscribe` on top of the generated event log: live job events, verified and typed."""

# async source: written once, for AsyncTrackforge; scripts/generate_resources.py writes the sync
# async source: twin (_sync_events.py) from it, so the two cannot drift apart.

from __future__ import annotations

from typing import Optional, Sequence

from .._async_api_client import AsyncAPIClient
from .._async_event_stream import AsyncEventSubscription
from .._event_stream import _SubscriptionState
from ..resources.events import AsyncEvents as GeneratedAsyncEvents
from ..resources.workspace import AsyncWorkspaceResource

DEFAULT_MAX_RECONNECTS = 10


class AsyncEvents(GeneratedAsyncEvents):
    def __init__(self, client: AsyncAPIClient, workspace: AsyncWorkspaceResource) -> None:
        super().__init__(client)
        self._workspace = workspace  # a subscription reads the workspace's signing secret

    def subscribe(
        self,
        *,
        track_ids: Optional[Sequence[str]] = None,
        last_event_id: Optional[str] = None,
        timeout: Optional[float] = None,
        max_reconnects: int = DEFAULT_MAX_RECONNECTS,
    ) -> AsyncEventSubscription:
        """Live job events, verified and typed; reconnects and resumes without losing one.

            async with client.events.subscribe(track_ids=[track.id]) as events:
                async for event in events:
                    print(event.type, event.data.track.progress)

        `last_event_id` first replays every later event; `timeout` (seconds) ends the iteration
        with WaitTimeoutError; `max_reconnects` consecutive failed attempts raise APIConnectionError.
        """
        state = _SubscriptionState(
            self._client.base_url, self._client.default_headers(), track_ids, last_event_id, max_reconnects, timeout
        )
        return AsyncEventSubscription(self._workspace.retrieve, state, self._client._sleep)
