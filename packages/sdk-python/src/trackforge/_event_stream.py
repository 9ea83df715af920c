"""events.subscribe(): job events over WS /v1/ws/jobs, verified, typed, and never lost.

Each frame is signed like a Standard Webhooks delivery with the workspace secret (GET /v1/workspace);
a frame that does not verify raises WebhookVerificationError. When the connection drops, the
subscription reconnects with capped, jittered backoff and `?last_event_id=<last one yielded>`, and
the server replays every later event in order before live ones — so a consumer sees each event
once, in order, across any number of reconnects.

This module is the part without I/O: the URL, the subscribe frame, frame parsing and signature
checks, where to resume and the reconnect backoff. The sockets are driven by AsyncEventSubscription
(_async_event_stream.py, written by hand) and its generated sync twin EventSubscription
(_sync_event_stream.py).
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from typing import Any, Dict, List, Optional, Sequence
from urllib.parse import urlencode

import httpx
import websockets

from ._exceptions import APIConnectionError, TrackforgeError, make_status_error
from ._logs import logger
from .types import Event
from .webhooks import verify_signed

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

    def connect_options(self) -> Dict[str, Any]:
        """websockets' connect() arguments besides the URL (the same in both of its clients)."""
        return {
            "additional_headers": self.headers,
            "user_agent_header": self.user_agent,
            "open_timeout": CONNECT_TIMEOUT_SECONDS,
        }

    def remaining(self) -> Optional[float]:
        if self.deadline is None:
            return None
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise WaitTimeoutError("timed out waiting for job events")
        return left

    def subscribe_frame(self) -> Optional[str]:
        return json.dumps({"type": "subscribe", "track_ids": self.track_ids}) if self.track_ids else None

    def accept(self, text: Any) -> Optional[Event]:
        """The verified event a frame carries, or None for hello, other tracks and errors."""
        assert self.secret is not None, "the signing secret is fetched before the socket opens"
        secret = self.secret
        frame = json.loads(str(text))
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

    def connected(self) -> None:
        self.failures = 0

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


# What a subscription survives by reconnecting. asyncio.TimeoutError is TimeoutError only from
# Python 3.11; a frame that does not verify (WebhookVerificationError) is none of these.
RECOVERABLE = (OSError, websockets.exceptions.WebSocketException, TimeoutError, asyncio.TimeoutError)
