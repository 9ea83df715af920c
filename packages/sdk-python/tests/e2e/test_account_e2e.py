"""Against the real server: sign-in, API keys, webhook deliveries verified by unwrap, voices, billing."""

from __future__ import annotations

import io
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import ClassVar, Dict, List, Tuple

import httpx
import pytest

from trackforge import AuthenticationError, InternalServerError, Trackforge

from .server import ApiServer


def sign_in(server: ApiServer, email: str) -> Trackforge:
    anonymous = Trackforge(base_url=server.base_url, api_key="")
    anonymous.auth.magic_link(email)
    mail = httpx.get(f"{server.base_url}/_dev/mail").json()
    token = re.search(r"token=([\w-]+)", next(m["text"] for m in mail if m["to"] == email))
    assert token is not None
    session = anonymous.auth.verify(token.group(1))
    assert session.user.email == email and session.token_type == "Bearer"
    return Trackforge(base_url=server.base_url, api_key=session.access_token)


def test_a_signed_in_user_creates_uses_and_revokes_an_api_key(server: ApiServer) -> None:
    demo = sign_in(server, "demo@trackforge.local")
    assert demo.me().auth_method == "access_token"
    created = demo.api_keys.create("ci")
    assert created.secret.startswith("tf_live_") and created.id in [k.id for k in demo.api_keys.list()]
    with_key = Trackforge(base_url=server.base_url, api_key=created.secret)
    assert with_key.me().auth_method == "api_key"
    demo.api_keys.delete(created.id)
    with pytest.raises(AuthenticationError):
        with_key.me()
    with pytest.raises(InternalServerError) as caught:  # this server runs without Stripe
        demo.billing.checkout("credits_100", success_url=f"{server.base_url}/ok", cancel_url=f"{server.base_url}/no")
    assert (caught.value.status_code, caught.value.code) == (503, "billing_not_configured")


class Inbox(BaseHTTPRequestHandler):
    deliveries: ClassVar[List[Tuple[bytes, Dict[str, str]]]] = []
    arrived: ClassVar[threading.Event] = threading.Event()

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers["Content-Length"]))
        Inbox.deliveries.append((body, dict(self.headers.items())))
        Inbox.arrived.set()
        self.send_response(204)
        self.end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


def test_webhook_deliveries_verify_with_unwrap(server: ApiServer, client: Trackforge) -> None:
    inbox = ThreadingHTTPServer(("127.0.0.1", 0), Inbox)
    threading.Thread(target=inbox.serve_forever, daemon=True).start()
    demo = sign_in(server, "demo@trackforge.local")
    endpoint = demo.webhook_endpoints.create(f"http://127.0.0.1:{inbox.server_port}/hooks", event_types=["track.ready"])
    try:
        assert demo.webhook_endpoints.retrieve(endpoint.id).url == endpoint.url
        assert endpoint.id in [e.id for e in demo.webhook_endpoints.list()]
        track = client.tracks.create("warm bossa nova guitar", "5s", seed=5)
        assert Inbox.arrived.wait(120), "no webhook delivery arrived"
        body, headers = Inbox.deliveries[0]
        event = client.webhooks.unwrap(body, headers, secret=endpoint.secret)
        assert event.data.track is not None
        assert (event.type, event.data.track.id, event.data.track.status) == ("track.ready", track.id, "ready")
    finally:
        demo.webhook_endpoints.delete(endpoint.id)
        inbox.shutdown()


def test_voices_list_retrieve_and_preview(client: Trackforge) -> None:
    voices = client.voices.list(limit=2, sort="name")
    assert len(voices.data) == 2 and voices.data[0].name <= voices.data[1].name
    voice = client.voices.retrieve(voices.data[0].id)
    assert voice.id == voices.data[0].id
    preview = io.BytesIO()
    assert client.voices.preview(voice.id, to=preview) == len(preview.getvalue()) > 1000
    assert client.workspace.retrieve().signing_secret.startswith("whsec_")
