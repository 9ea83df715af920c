"""AsyncEventSubscription: the socket I/O of events.subscribe() on websockets' client.
What to send, how to read a frame and when to give up are decided in _event_stream.py.
"""

# async source: written once, for asyncio; scripts/generate_resources.py writes the sync twin
# async source: (_sync_event_stream.py, EventSubscription on websockets.sync) from it.

from __future__ import annotations

import asyncio
from typing import Any, AsyncIterator, Awaitable, Callable, Optional

from websockets.asyncio.client import connect

from ._event_stream import RECOVERABLE, WaitTimeoutError, _SubscriptionState
from .types import Event, WorkspaceDetails


class AsyncEventSubscription:
    """Iterate it (`async for`) for verified Event objects; close() (or leaving `async with`) ends it.

    Entering `async with` opens the socket at once, so events caused inside the block are not missed.
    """

    def __init__(
        self,
        workspace: Callable[[], Awaitable[WorkspaceDetails]],
        state: _SubscriptionState,
        sleep: Callable[[float], Awaitable[Any]],
    ) -> None:
        # `workspace` is the client's workspace.retrieve (it carries the signing secret): taking the
        # call rather than the client keeps this module from importing the client that imports it.
        self._workspace, self._state, self._sleep = workspace, state, sleep
        self._connection: Any = None  # a websockets ClientConnection once open
        self._closed = False

    @property
    def last_event_id(self) -> Optional[str]:
        """The id of the last event received: pass it as last_event_id to resume later."""
        return self._state.last_event_id

    async def connect(self) -> None:
        """Opens the socket (retrying with backoff) unless it is open; iteration calls it itself."""
        while self._connection is None:
            try:
                self._connection = await self._open()
            except WaitTimeoutError:
                raise
            except RECOVERABLE as error:
                self._state.remaining()
                await self._sleep(self._state.next_delay(error))

    async def _open(self) -> Any:
        state = self._state
        if state.secret is None:
            state.secret = (await self._workspace()).signing_secret
        ws = await connect(state.url(), **state.connect_options())
        try:
            timeout = state.remaining()
            await asyncio.wait_for(ws.recv(), timeout)  # hello
            frame = state.subscribe_frame()
            if frame:
                await ws.send(frame)
        except BaseException:
            await ws.close()
            raise
        state.connected()
        return ws

    async def __aiter__(self) -> AsyncIterator[Event]:
        while not self._closed:
            await self.connect()
            try:
                timeout = self._state.remaining()
                event = self._state.accept(await asyncio.wait_for(self._connection.recv(), timeout))
            except WaitTimeoutError:
                raise
            except RECOVERABLE as error:
                await self._drop()
                if self._closed:
                    return
                self._state.remaining()
                await self._sleep(self._state.next_delay(error))
                continue
            if event is not None:
                yield event

    async def _drop(self) -> None:
        if self._connection is not None:
            await self._connection.close()
            self._connection = None

    async def close(self) -> None:
        self._closed = True
        await self._drop()

    async def __aenter__(self) -> AsyncEventSubscription:
        await self.connect()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()
