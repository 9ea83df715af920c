"""The calls the studio makes beyond the basics: endpoint updates, one API key, one track's events."""

from __future__ import annotations

import json
from typing import Any

import httpx

from .helpers import Recorder, async_client, sync_client

ENDPOINT_ID = "whe_01JD0000000000000000000000"
API_KEY_ID = "key_01JD0000000000000000000000"
ENDPOINT: dict[str, Any] = {
    "id": "whe_01JD0000000000000000000000",
    "object": "webhook_endpoint",
    "url": "https://example.com/hook",
    "description": None,
    "event_types": [],
    "secret": "whsec_x",
    "status": "enabled",
    "disabled_reason": None,
    "created_at": "2026-11-01T00:00:00.000Z",
}
API_KEY: dict[str, Any] = {
    "id": "key_01JD0000000000000000000000",
    "object": "api_key",
    "name": "ci",
    "mode": "live",
    "prefix": "tf_live_key_01JD0000000000000000000000",
    "last_four": "abcd",
    "created_at": "2026-11-01T00:00:00.000Z",
    "last_used_at": None,
}
EMPTY_LIST = {"object": "list", "data": [], "has_more": False, "next_cursor": None}


def test_webhook_endpoints_update_patches_only_the_given_fields_and_none_clears_the_description() -> None:
    recorder = Recorder()
    client = sync_client(lambda request: httpx.Response(200, json=ENDPOINT), recorder)
    endpoint = client.webhook_endpoints.update(ENDPOINT_ID, enabled=True, description=None)
    assert endpoint.status == "enabled"
    request = recorder.requests[0]
    assert (request.method, request.url.path) == ("PATCH", f"/v1/webhook-endpoints/{ENDPOINT['id']}")
    assert json.loads(request.content) == {"enabled": True, "description": None}
    assert "idempotency-key" not in request.headers
    client.webhook_endpoints.update(ENDPOINT_ID, url="https://example.com/new")
    assert json.loads(recorder.requests[1].content) == {"url": "https://example.com/new"}


def test_api_keys_retrieve_and_events_list_by_track() -> None:
    recorder = Recorder()

    def answer(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, json=API_KEY if request.url.path.startswith("/v1/api-keys") else EMPTY_LIST)

    client = sync_client(answer, recorder)
    assert client.api_keys.retrieve(API_KEY_ID).name == "ci"
    list(client.events.list(track_id="trk_01JD0000000000000000000000"))
    assert recorder.requests[0].url.path == f"/v1/api-keys/{API_KEY['id']}"
    assert recorder.requests[1].url.params["track_id"] == "trk_01JD0000000000000000000000"


async def test_async_update_and_retrieve() -> None:
    recorder = Recorder()

    def answer(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, json=API_KEY if request.url.path.startswith("/v1/api-keys") else ENDPOINT)

    client = async_client(answer, recorder)
    assert (await client.webhook_endpoints.update(ENDPOINT_ID, event_types=["track.ready"])).id == ENDPOINT["id"]
    assert json.loads(recorder.requests[0].content) == {"event_types": ["track.ready"]}
    assert (await client.api_keys.retrieve(API_KEY_ID)).id == API_KEY["id"]
