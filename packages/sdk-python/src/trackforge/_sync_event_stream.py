# Generated from _async_event_stream.py by packages/sdk-python/scripts/generate_resources.py.
# Do not edit: edit the async module and run `npm run generate:sdks`.
"""EventSubscription: the socket I/O of events.subscribe() on websockets' client.
What to send, how to read a frame and when to give up are decided in _event_stream.py.
"""

from __future__ import annotations

from typing import Any, Callable, Iterator, Optional

from websockets.sync.client import connect

from ._event_stream import RECOVERABLE, WaitTimeoutError, _SubscriptionState
from .types import Event, WorkspaceDetails


class EventSubscription:
    """Iterate it (`for`) for verified Event objects; close() (or leaving `with`) ends it.

    Entering `with` opens the socket at once, so events caused inside the block are not missed.
    """

    def __init__(
        self,
        workspace: Callable[[], WorkspaceDetails],
        state: _SubscriptionState,
        sleep: Callable[[float], Any],
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

    def connect(self) -> None:
        """Opens the socket (retrying with backoff) unless it is open; iteration calls it itself."""
        while self._connection is None:
            try:
                self._connection = self._open()
            except WaitTimeoutError:
                raise
            except RECOVERABLE as error:
                self._state.remaining()
                self._sleep(self._state.next_delay(error))

    def _open(self) -> Any:
        state = self._state
        if state.secret is None:
            state.secret = (self._workspace()).signing_secret
        ws = connect(state.url(), **state.connect_options())
        try:
            timeout = state.remaining()
            ws.recv(timeout=timeout)  # hello
            frame = state.subscribe_frame()
            if frame:
                ws.send(frame)
        except BaseException:
            ws.close()
            raise
        state.connected()
        return ws

    def __iter__(self) -> Iterator[Event]:
        while not self._closed:
            self.connect()
            try:
                timeout = self._state.remaining()
                event = self._state.accept(self._connection.recv(timeout=timeout))
            except WaitTimeoutError:
                raise
            except RECOVERABLE as error:
                self._drop()
                if self._closed:
                    return
                self._state.remaining()
                self._sleep(self._state.next_delay(error))
                continue
            if event is not None:
                yield event

    def _drop(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    def close(self) -> None:
        self._closed = True
        self._drop()

    def __enter__(self) -> EventSubscription:
        self.connect()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
