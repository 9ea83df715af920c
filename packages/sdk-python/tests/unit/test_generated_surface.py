"""What the generated resources add: with_raw_response, datetime timestamps, int fields, TypedDict params."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from typing import Any, Dict, List, get_type_hints

import httpx
import pytest

from trackforge import RateLimit, SyncPage
from trackforge.types import SectionParam, Track, TracksCreateParams

from .helpers import Recorder, async_client, json_body, sync_client, track_json


def answer_with_request_id(body: object, status: int = 200) -> httpx.Response:
    return httpx.Response(status, json=body, headers={"x-request-id": "req_42", "trackforge-version": "2026-11-01"})


def test_with_raw_response_gives_the_headers_status_and_the_parsed_track() -> None:
    client = sync_client(lambda _: answer_with_request_id(track_json("trk_1", "ready")), Recorder())
    response = client.tracks.with_raw_response.retrieve("trk_1")
    assert response.status_code == 200
    assert response.request_id == "req_42" and response.headers["trackforge-version"] == "2026-11-01"
    track = response.parse()
    assert isinstance(track, Track) and track.id == "trk_1"


def test_with_raw_response_of_a_list_is_its_first_page_and_of_a_delete_is_none() -> None:
    listing = {"data": [track_json("trk_2")], "has_more": False, "next_cursor": None}

    def handler(request: httpx.Request) -> httpx.Response:
        return answer_with_request_id(listing) if request.method == "GET" else httpx.Response(204)

    client = sync_client(handler, Recorder())
    page = client.tracks.with_raw_response.list(limit=1)
    assert page.request_id == "req_42"
    first = page.parse()
    assert isinstance(first, SyncPage) and [track.id for track in first.data] == ["trk_2"]
    deleted = client.tracks.with_raw_response.delete("trk_2")
    assert deleted.status_code == 204 and deleted.parse() is None


def test_with_raw_response_reads_the_rate_limit_and_the_idempotency_of_a_post() -> None:
    limits = {"x-ratelimit-limit": "600", "x-ratelimit-remaining": "598", "x-ratelimit-reset": "41"}

    def handler(request: httpx.Request) -> httpx.Response:
        replayed = {"idempotent-replayed": "true"} if request.headers.get("idempotency-key") == "key-1" else {}
        return httpx.Response(201, json=track_json("trk_4"), headers={**limits, **replayed})

    client = sync_client(handler, Recorder())
    first = client.tracks.with_raw_response.create("warm pop", "short")
    assert first.status_code == 201
    assert first.rate_limit == RateLimit(limit=600, remaining=598, reset_seconds=41)
    assert (first.idempotency_key or "").startswith("tf-py-") and first.idempotent_replayed is False
    again = client.tracks.with_raw_response.create("warm pop", "short", idempotency_key="key-1")
    assert again.idempotency_key == "key-1" and again.idempotent_replayed is True
    read = client.tracks.with_raw_response.retrieve("trk_4")
    assert read.idempotency_key is None
    unlimited = sync_client(lambda _: httpx.Response(200, json=track_json("trk_5")), Recorder())
    assert unlimited.tracks.with_raw_response.retrieve("trk_5").rate_limit is None


async def test_the_async_with_raw_response_is_awaited_like_the_method() -> None:
    client = async_client(lambda _: answer_with_request_id(track_json("trk_3")), Recorder())
    response = await client.tracks.with_raw_response.create("warm pop", "short", seed=3)
    assert response.request_id == "req_42" and response.parse().id == "trk_3"
    # the plain method is unchanged by the raw twin having run
    assert (await client.tracks.retrieve("trk_3")).id == "trk_3"


def test_timestamps_are_timezone_aware_datetimes_and_serialise_back_as_sent() -> None:
    body = track_json("trk_1", "ready", started_at="2026-11-24T00:00:01.500Z", completed_at=None)
    track = sync_client(lambda _: httpx.Response(200, json=body), Recorder()).tracks.retrieve("trk_1")
    assert track.created_at == datetime(2026, 11, 24, tzinfo=timezone.utc)
    assert track.started_at is not None and track.started_at.microsecond == 500_000
    assert track.completed_at is None
    assert track.to_dict()["created_at"] == "2026-11-24T00:00:00Z"


def test_integer_fields_are_annotated_and_parsed_as_int() -> None:
    hints = get_type_hints(Track)
    assert hints["seed"] is int and hints["credits_charged"] is int
    body = track_json("trk_1", "ready", seed=7, credits_charged=1)
    track = sync_client(lambda _: httpx.Response(200, json=body), Recorder()).tracks.retrieve("trk_1")
    assert type(track.seed) is int and type(track.credits_charged) is int


def test_request_params_are_typed_dicts_whose_required_keys_match_openapi() -> None:
    assert SectionParam.__required_keys__ == frozenset({"name"})
    assert "instruments" in SectionParam.__optional_keys__
    assert TracksCreateParams.__required_keys__ == frozenset({"prompt"})
    assert {"chords", "sections", "melody", "bpm"} <= TracksCreateParams.__optional_keys__


def test_a_plan_of_section_params_goes_out_as_json_objects() -> None:
    rec = Recorder()
    client = sync_client(lambda _: httpx.Response(201, json=track_json()), rec)
    plan: List[SectionParam] = [SectionParam(name="intro", bars=4), {"name": "drop", "seconds": 8.5, "energy": 1}]
    client.tracks.create("techno", sections=plan)
    assert json_body(rec.requests[0]) == {"prompt": "techno", "sections": json.loads(json.dumps(plan))}


def test_a_nullable_field_sends_null_when_given_none_and_nothing_when_left_out() -> None:
    rec = Recorder()
    endpoint: Dict[str, Any] = {
        "id": "we_1", "object": "webhook_endpoint", "url": "https://x.test/h", "description": None, "event_types": [],
        "status": "enabled", "disabled_reason": None, "secret": "whsec_x", "created_at": "2026-11-24T00:00:00Z",
    }  # fmt: skip
    client = sync_client(lambda _: httpx.Response(200, json=endpoint), rec)
    client.webhook_endpoints.update("we_1", description=None)
    client.webhook_endpoints.update("we_1", enabled=True)
    assert json_body(rec.requests[0]) == {"description": None}
    assert json_body(rec.requests[1]) == {"enabled": True}


@pytest.mark.parametrize("name", ["tracks", "voices", "credits", "events", "webhook_endpoints", "api_keys", "workspace",
                                  "billing", "auth"])  # fmt: skip
def test_every_resource_has_a_raw_twin_with_the_same_methods(name: str) -> None:
    client = sync_client(lambda _: httpx.Response(204), Recorder())
    resource = getattr(client, name)
    raw = resource.with_raw_response
    generated = [attr for attr in vars(raw)]
    assert generated and all(callable(getattr(resource, attr)) for attr in generated)
