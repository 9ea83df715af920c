"""events.subscribe(): job events over WS /v1/ws/jobs, verified, typed, and never lost.

Each frame is signed like a Standard Webhooks delivery with the workspace secret (GET /v1/workspace);
a frame that does not verify raises WebhookVerificationError. When the connection drops, the
subscription reconnects with capped, jittered backoff and `?last_event_id=<last one yielded>`, and
the server replays every later event in order before live ones — so a consumer sees each event
once, in order, across any number of reconnects.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from typing import TYPE_CHECKING, Any, AsyncIterator, Callable, Iterator, List, Optional, Sequence
from urllib.parse import urlencode

import httpx
import websockets
from websockets.asyncio.client import connect as async_connect
from websockets.sync.client import connect as sync_connect

from ._exceptions import APIConnectionError, TrackforgeError, make_status_error
from ._logs import logger
from .types import Event
from .webhooks import verify_signed

if TYPE_CHECKING:
    from ._client import AsyncTrackforge, Trackforge

MAX_RECONNECT_DELAY_SECONDS = 8.0
CONNECT_TIMEOUT_SECONDS = 10.0


class WaitTimeoutError(TrackforgeError, TimeoutError):
    """A subscription's or create_and_wait's `timeout` passed before the awaited event."""


class _SubscriptionState:
    """What both runtimes share: where to resume, which tracks, how long to wait, how to verify."""

    def __init__(
        self,
        base_url: str,
        headers: dict[str, str],
        track_ids: Optional[Sequence[str]],
        last_event_id: Optional[str],
        max_reconnects: int,
        timeout: Optional[float],
    ) -> None:
        self.base_url = base_url
        # websockets sends its own User-Agent; ours replaces it instead of being sent twice.
        self.user_agent = headers.get("User-Agent")
        self.headers = {k: v for k, v in headers.items() if k not in ("User-Agent", "Accept")}
        self.track_ids: Optional[List[str]] = list(track_ids) if track_ids else None
        self.last_event_id = last_event_id
        self.max_reconnects = max_reconnects
        self.deadline = None if timeout is None else time.monotonic() + timeout
        self.failures = 0
        self.secret: Optional[str] = None

    def url(self) -> str:
        origin = "ws" + self.base_url[len("http") :] if self.base_url.startswith("http") else self.base_url
        query = f"?{urlencode({'last_event_id': self.last_event_id})}" if self.last_event_id else ""
        return f"{origin}/v1/ws/jobs{query}"

    def remaining(self) -> Optional[float]:
        if self.deadline is None:
            return None
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise WaitTimeoutError("timed out waiting for job events")
        return left

    def subscribe_frame(self) -> Optional[str]:
        return json.dumps({"type": "subscribe", "track_ids": self.track_ids}) if self.track_ids else None

    def accept(self, text: str, secret: str) -> Optional[Event]:
        """The verified event a frame carries, or None for hello, other tracks and errors."""
        frame = json.loads(text)
        kind = frame.get("type") if isinstance(frame, dict) else None
        if kind == "error":
            logger.warning("job socket: %s", frame.get("message"))
        if kind != "event":
            return None
        headers = {
            "webhook-id": str(frame.get("id", "")),
            "webhook-timestamp": str(frame.get("timestamp", "")),
            "webhook-signature": str(frame.get("signature", "")),
        }
        event = verify_signed(str(frame.get("payload", "")), headers, secret)
        self.last_event_id = event.id
        # The server narrows live events; the replay after a reconnect comes before our subscribe
        # frame is read, so the filter is applied here as well.
        # Events without a track (an endpoint disabled) are not about the tracks asked for.
        if self.track_ids and (event.data.track is None or event.data.track.id not in self.track_ids):
            return None
        return event

    def next_delay(self, error: BaseException) -> float:
        """Backoff before the next connection attempt; raises once attempts run out."""
        rejected = _handshake_error(error, self.url())
        if rejected is not None and rejected.status_code < 500 and rejected.status_code not in (408, 429):
            raise rejected
        self.failures += 1
        if self.failures > self.max_reconnects:
            raise APIConnectionError(httpx.Request("GET", self.url()), f"job socket lost: {error!r}") from error
        delay: float = min(0.5 * 2 ** (self.failures - 1), MAX_RECONNECT_DELAY_SECONDS) * (1 - 0.25 * random.random())
        logger.info("job socket dropped (%r); reconnecting in %.2fs from %s", error, delay, self.last_event_id)
        return delay


def _handshake_error(error: BaseException, url: str) -> Optional[Any]:
    if not isinstance(error, websockets.exceptions.InvalidStatus):
        return None
    answer = error.response
    response = httpx.Response(answer.status_code, content=bytes(answer.body or b""), request=httpx.Request("GET", url))
    try:
        body: Any = json.loads(answer.body or b"")
    except ValueError:
        body = None
    return make_status_error(response, body)


_RECOVERABLE = (OSError, websockets.exceptions.WebSocketException, TimeoutError)


class EventSubscription:
    """Iterate it for verified Event objects; close() (or leaving `with`) ends it.

    Entering `with` opens the socket at once, so events caused inside the block are not missed.
    """

    def __init__(self, client: Trackforge, state: _SubscriptionState, sleep: Callable[[float], None]) -> None:
        self._client, self._state, self._sleep = client, state, sleep
        self._connection: Optional[Any] = None
        self._closed = False

    @property
    def last_event_id(self) -> Optional[str]:
        """The id of the last event received: pass it as last_event_id to resume later."""
        return self._state.last_event_id

    def connect(self) -> None:
        """Opens the socket (retrying with backoff) unless it is open; iteration calls it itself."""
        state = self._state
        while self._connection is None:
            try:
                if state.secret is None:
                    state.secret = self._client.workspace.retrieve().signing_secret
                ws = sync_connect(
                    state.url(),
                    additional_headers=state.headers,
                    user_agent_header=state.user_agent,
                    open_timeout=CONNECT_TIMEOUT_SECONDS,
                )
                try:
                    ws.recv(timeout=state.remaining())  # hello
                    frame = state.subscribe_frame()
                    if frame:
                        ws.send(frame)
                except BaseException:
                    ws.close()
                    raise
                self._connection = ws
                state.failures = 0
            except WaitTimeoutError:
                raise
            except _RECOVERABLE as error:
                state.remaining()
                self._sleep(state.next_delay(error))

    def __iter__(self) -> Iterator[Event]:
        state = self._state
        while not self._closed:
            self.connect()
            assert self._connection is not None and state.secret is not None
            try:
                event = state.accept(str(self._connection.recv(timeout=state.remaining())), state.secret)
            except WaitTimeoutError:
                raise
            except _RECOVERABLE as error:
                self._drop()
                if self._closed:
                    return
                state.remaining()
                self._sleep(state.next_delay(error))
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


class AsyncEventSubscription:
    """`async for` it for verified Event objects; close() (or leaving `async with`) ends it.

    Entering `async with` opens the socket at once, so events caused inside the block are not missed.
    """

    def __init__(self, client: AsyncTrackforge, state: _SubscriptionState, sleep: Callable[[float], Any]) -> None:
        self._client, self._state, self._sleep = client, state, sleep
        self._connection: Optional[Any] = None
        self._closed = False

    @property
    def last_event_id(self) -> Optional[str]:
        """The id of the last event received: pass it as last_event_id to resume later."""
        return self._state.last_event_id

    async def connect(self) -> None:
        """Opens the socket (retrying with backoff) unless it is open; iteration calls it itself."""
        state = self._state
        while self._connection is None:
            try:
                if state.secret is None:
                    state.secret = (await self._client.workspace.retrieve()).signing_secret
                ws = await async_connect(
                    state.url(),
                    additional_headers=state.headers,
                    user_agent_header=state.user_agent,
                    open_timeout=CONNECT_TIMEOUT_SECONDS,
                )
                try:
                    await asyncio.wait_for(ws.recv(), state.remaining())  # hello
                    frame = state.subscribe_frame()
                    if frame:
                        await ws.send(frame)
                except BaseException:
                    await ws.close()
                    raise
                self._connection = ws
                state.failures = 0
            except WaitTimeoutError:
                raise
            except (*_RECOVERABLE, asyncio.TimeoutError) as error:
                state.remaining()
                await self._sleep(state.next_delay(error))

    async def __aiter__(self) -> AsyncIterator[Event]:
        state = self._state
        while not self._closed:
            await self.connect()
            assert self._connection is not None and state.secret is not None
            try:
                text = await asyncio.wait_for(self._connection.recv(), state.remaining())
                event = state.accept(str(text), state.secret)
            except WaitTimeoutError:
                raise
            except (*_RECOVERABLE, asyncio.TimeoutError) as error:
                await self._drop()
                if self._closed:
                    return
                state.remaining()
                await self._sleep(state.next_delay(error))
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
