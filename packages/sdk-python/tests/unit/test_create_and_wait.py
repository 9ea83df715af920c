"""create_and_wait: polling takes over when the event socket cannot be reached; the timeout holds."""

from __future__ import annotations

import socket
from typing import Iterator, List

import httpx
import pytest

from trackforge import Trackforge, WaitTimeoutError

from .helpers import track_json


def closed_port() -> int:
    with socket.socket() as probe:  # bound then released: nothing listens there
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def client_with(statuses: Iterator[str], sleeps: List[float]) -> Trackforge:
    def answer(request: httpx.Request) -> httpx.Response:
        if request.method == "POST":
            return httpx.Response(201, json=track_json())
        if request.url.path == "/v1/events":
            return httpx.Response(200, json={"object": "list", "data": [], "has_more": False, "next_cursor": None})
        if request.url.path == "/v1/workspace":
            secret = "whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LTEyMw=="
            body = {"id": "wsp_1", "object": "workspace", "name": "w", "plan": "studio", "signing_secret": secret}
            return httpx.Response(200, json=body)
        return httpx.Response(200, json=track_json(status=next(statuses)))

    http = httpx.Client(transport=httpx.MockTransport(answer))
    client = Trackforge(api_key="tf_test_key", base_url=f"http://127.0.0.1:{closed_port()}", http_client=http)
    client._sleep = sleeps.append
    return client


def test_polls_until_ready_when_the_socket_cannot_be_reached() -> None:
    sleeps: List[float] = []
    client = client_with(iter(["queued", "queued", "generating", "ready"]), sleeps)
    track = client.tracks.create_and_wait("dark techno", "5s", poll_interval_seconds=2.0)
    assert track.status == "ready"
    reconnect_delays, poll_delays = sleeps[:3], sleeps[3:]
    assert len(reconnect_delays) == 3 and all(d <= 2.0 for d in reconnect_delays)
    assert poll_delays == [2.0, 2.0]


def test_raises_wait_timeout_error_when_the_track_is_not_done_in_time() -> None:
    client = client_with(iter(["queued"] * 10), [])
    with pytest.raises(WaitTimeoutError, match="did not finish within 0 s"):
        client.tracks.create_and_wait("dark techno", "5s", timeout=0.0)


def test_waits_for_a_track_that_already_exists_without_creating_one() -> None:
    sleeps: List[float] = []
    client = client_with(iter(["generating", "generating", "ready"]), sleeps)
    track = client.tracks.wait("trk_1", poll_interval_seconds=2.0)
    assert track.status == "ready"
    assert sleeps[3:] == [2.0]
