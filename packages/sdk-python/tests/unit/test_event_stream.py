"""events.subscribe against a real WebSocket server on loopback: verification, filtering, resume."""

from __future__ import annotations

import json
import socket
import threading
import time
from datetime import datetime, timezone
from http import HTTPStatus
from typing import Any, Callable, Dict, Iterator, List, Optional

import httpx
import pytest
import standardwebhooks
from websockets.sync.server import Server, ServerConnection, serve

import trackforge
from trackforge import AuthenticationError, Trackforge, WebhookVerificationError

from .helpers import track_json
from .test_webhooks import SECRET

Script = Callable[[ServerConnection, List[str]], None]


def frame(event_id: str, event_type: str, track_id: str = "trk_1", secret: str = SECRET) -> str:
    payload = json.dumps({"id": event_id, "type": event_type, "created_at": "2026-11-24T00:00:00Z",
                          "data": {"track": track_json(track_id)}})  # fmt: skip
    now = int(time.time())
    signature = standardwebhooks.Webhook(secret).sign(event_id, datetime.fromtimestamp(now, tz=timezone.utc), payload)
    return json.dumps({"type": "event", "id": event_id, "timestamp": str(now), "signature": signature,
                       "payload": payload})  # fmt: skip


@pytest.fixture
def socket_server() -> Iterator[Callable[..., Any]]:
    servers: List[Server] = []

    def start(script: Script, reject: Optional[HTTPStatus] = None) -> Dict[str, Any]:
        seen: Dict[str, Any] = {"paths": [], "messages": [], "user_agents": []}

        def handler(connection: ServerConnection) -> None:
            assert connection.request is not None
            seen["paths"].append(connection.request.path)
            seen["user_agents"].append(connection.request.headers.get_all("User-Agent"))
            connection.send(json.dumps({"type": "hello", "workspace_id": "wsp_1"}))
            script(connection, seen["messages"])

        def process_request(connection: ServerConnection, request: Any) -> Any:
            return connection.respond(reject, "no\n") if reject else None

        server = serve(handler, "127.0.0.1", 0, process_request=process_request)
        servers.append(server)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        seen["port"] = server.socket.getsockname()[1]
        return seen

    yield start
    for server in servers:
        server.shutdown()


def client_for(port: int, sleeps: List[float]) -> Trackforge:
    workspace = {"id": "wsp_1", "object": "workspace", "name": "w", "plan": "studio", "signing_secret": SECRET}
    http = httpx.Client(transport=httpx.MockTransport(lambda _: httpx.Response(200, json=workspace)))
    client = Trackforge(api_key="tf_test_key", base_url=f"http://127.0.0.1:{port}", http_client=http)
    client._sleep = sleeps.append
    return client


def test_resumes_from_the_last_event_after_the_connection_drops(socket_server: Callable[..., Any]) -> None:
    connections = iter([["evt_1:track.queued", "evt_2:track.generating"], ["evt_3:track.ready"]])

    def script(connection: ServerConnection, messages: List[str]) -> None:
        for item in next(connections):
            event_id, event_type = item.split(":")
            connection.send(frame(event_id, event_type))
        # The first connection ends without a close frame, like a lost network.
        connection.socket.shutdown(socket.SHUT_RDWR)

    seen = socket_server(script)
    sleeps: List[float] = []
    received = []
    with client_for(seen["port"], sleeps).events.subscribe(last_event_id="evt_0", timeout=10) as events:
        for event in events:
            received.append((event.id, event.type))
            if event.type == "track.ready":
                break
        assert events.last_event_id == "evt_3"
    assert received == [("evt_1", "track.queued"), ("evt_2", "track.generating"), ("evt_3", "track.ready")]
    assert seen["paths"] == ["/v1/ws/jobs?last_event_id=evt_0", "/v1/ws/jobs?last_event_id=evt_2"]
    assert len(sleeps) == 1 and 0.375 <= sleeps[0] <= 0.5
    (user_agent,) = seen["user_agents"][0]  # sent once, ours
    assert user_agent.startswith(f"trackforge-python/{trackforge.__version__} (")


def test_narrows_to_the_tracks_asked_for(socket_server: Callable[..., Any]) -> None:
    def script(connection: ServerConnection, messages: List[str]) -> None:
        messages.append(str(connection.recv(timeout=5)))
        connection.send(frame("evt_1", "track.ready", track_id="trk_other"))
        connection.send(frame("evt_2", "track.ready", track_id="trk_mine"))
        connection.recv(timeout=5)  # until the client leaves

    seen = socket_server(script)
    with client_for(seen["port"], []).events.subscribe(track_ids=["trk_mine"], timeout=10) as events:
        first = next(iter(events))
    assert first.data.track is not None
    assert first.data.track.id == "trk_mine"
    assert json.loads(seen["messages"][0]) == {"type": "subscribe", "track_ids": ["trk_mine"]}


def test_a_frame_signed_with_another_secret_raises(socket_server: Callable[..., Any]) -> None:
    forged = "whsec_" + "QW5vdGhlclNlY3JldE9mVGhpcnR5VHdvQnl0ZXMhIQ=="

    def script(connection: ServerConnection, messages: List[str]) -> None:
        connection.send(frame("evt_1", "track.ready", secret=forged))
        connection.recv(timeout=5)

    seen = socket_server(script)
    with pytest.raises(WebhookVerificationError), client_for(seen["port"], []).events.subscribe(timeout=10) as events:
        next(iter(events))


def test_a_refused_handshake_raises_the_typed_error_without_retrying(socket_server: Callable[..., Any]) -> None:
    seen = socket_server(lambda connection, messages: None, reject=HTTPStatus.UNAUTHORIZED)
    sleeps: List[float] = []
    with pytest.raises(AuthenticationError):
        client_for(seen["port"], sleeps).events.subscribe(timeout=10).connect()
    assert sleeps == []


async def test_the_async_subscription_resumes_after_a_drop_too(socket_server: Callable[..., Any]) -> None:
    connections = iter([["evt_1:track.queued"], ["evt_2:track.ready"]])

    def script(connection: ServerConnection, messages: List[str]) -> None:
        for item in next(connections):
            event_id, event_type = item.split(":")
            connection.send(frame(event_id, event_type))
        connection.socket.shutdown(socket.SHUT_RDWR)

    seen = socket_server(script)
    workspace = {"id": "wsp_1", "object": "workspace", "name": "w", "plan": "studio", "signing_secret": SECRET}
    http = httpx.AsyncClient(transport=httpx.MockTransport(lambda _: httpx.Response(200, json=workspace)))
    client = trackforge.AsyncTrackforge(api_key="k", base_url=f"http://127.0.0.1:{seen['port']}", http_client=http)
    sleeps: List[float] = []

    async def record(seconds: float) -> None:
        sleeps.append(seconds)

    client._sleep = record
    received = []
    async with client.events.subscribe(timeout=10) as events:
        async for event in events:
            received.append(event.id)
            if event.type == "track.ready":
                break
    assert received == ["evt_1", "evt_2"] and len(sleeps) == 1
    assert seen["paths"] == ["/v1/ws/jobs", "/v1/ws/jobs?last_event_id=evt_1"]
    await client.close()
