"""webhooks.unwrap: Standard Webhooks verification of deliveries, and typed events."""

from __future__ import annotations

import base64
import json
import time
from typing import Dict

import pytest
import standardwebhooks

from trackforge import Trackforge, WebhookVerificationError

from .helpers import track_json

SECRET = "whsec_" + base64.b64encode(b"a-32-byte-secret-for-the-tests!!").decode()


def signed(payload: str, message_id: str, timestamp: int, secret: str = SECRET) -> Dict[str, str]:
    from datetime import datetime, timezone

    signature = standardwebhooks.Webhook(secret).sign(
        message_id, datetime.fromtimestamp(timestamp, tz=timezone.utc), payload
    )
    return {"webhook-id": message_id, "webhook-timestamp": str(timestamp), "webhook-signature": signature}


EVENT = json.dumps(
    {
        "id": "evt_1",
        "type": "track.ready",
        "created_at": "2026-11-24T00:00:00Z",
        "data": {"track": track_json(status="ready", progress=1.0)},
    }
)


def test_unwrap_accepts_a_genuine_delivery_and_types_the_event() -> None:
    client = Trackforge(api_key="", base_url="http://api.test", webhook_secret=SECRET)
    event = client.webhooks.unwrap(EVENT.encode(), signed(EVENT, "evt_1", int(time.time())))
    assert event.type == "track.ready"
    assert event.data.track is not None
    assert event.data.track.status == "ready" and event.data.track.progress == 1.0


def test_unwrap_accepts_capitalised_header_names_and_a_secret_per_call() -> None:
    headers = {k.title(): v for k, v in signed(EVENT, "evt_1", int(time.time())).items()}
    event = Trackforge(api_key="", base_url="http://api.test").webhooks.unwrap(EVENT, headers, secret=SECRET)
    assert event.id == "evt_1"


def test_unwrap_rejects_a_tampered_body() -> None:
    headers = signed(EVENT, "evt_1", int(time.time()))
    tampered = EVENT.replace('"ready"', '"failed"', 1)
    with pytest.raises(WebhookVerificationError):
        Trackforge(api_key="", base_url="http://api.test").webhooks.unwrap(tampered, headers, secret=SECRET)


def test_unwrap_rejects_a_stale_delivery() -> None:
    headers = signed(EVENT, "evt_1", int(time.time()) - 600)
    with pytest.raises(WebhookVerificationError, match="too old"):
        Trackforge(api_key="", base_url="http://api.test").webhooks.unwrap(EVENT, headers, secret=SECRET)


def test_unwrap_rejects_another_secret_and_a_replayed_id() -> None:
    other = "whsec_" + base64.b64encode(b"another-secret-of-32-bytes-long!").decode()
    client = Trackforge(api_key="", base_url="http://api.test")
    with pytest.raises(WebhookVerificationError):
        client.webhooks.unwrap(EVENT, signed(EVENT, "evt_1", int(time.time()), other), secret=SECRET)
    with pytest.raises(WebhookVerificationError, match="webhook-id"):
        client.webhooks.unwrap(EVENT, signed(EVENT, "evt_2", int(time.time())), secret=SECRET)
    with pytest.raises(WebhookVerificationError, match="no webhook secret"):
        client.webhooks.unwrap(EVENT, signed(EVENT, "evt_1", int(time.time())))
