"""Each problem+json answer raises the class for its status and code, with the problem's fields."""

from __future__ import annotations

from typing import Type

import httpx
import pytest

from trackforge import (
    APIStatusError,
    AuthenticationError,
    BadRequestError,
    ConflictError,
    InsufficientCreditsError,
    InternalServerError,
    NotFoundError,
    PermissionDeniedError,
    PlanRequiredError,
    RateLimitError,
    UnprocessableEntityError,
)  # fmt: skip

from .helpers import Recorder, problem, sync_client


@pytest.mark.parametrize(
    ("status", "code", "error_class"),
    [
        (400, "validation_failed", BadRequestError),
        (400, "invalid_token", BadRequestError),
        (401, "unauthenticated", AuthenticationError),
        (402, "insufficient_credits", InsufficientCreditsError),
        (403, "forbidden", PermissionDeniedError),
        (403, "plan_required", PlanRequiredError),
        (404, "not_found", NotFoundError),
        (409, "conflict", ConflictError),
        (422, "idempotency_key_reused", UnprocessableEntityError),
        (429, "rate_limited", RateLimitError),
        (500, "internal_error", InternalServerError),
        (503, "unavailable", InternalServerError),
        (413, "payload_too_large", APIStatusError),
    ],
)
def test_raises_the_class_for_each_status_and_code(status: int, code: str, error_class: Type[APIStatusError]) -> None:
    client = sync_client(lambda _: problem(status, code, f"{code} happened", param="field"), Recorder(), max_retries=0)
    with pytest.raises(error_class) as caught:
        client.tracks.retrieve("trk_1")
    error = caught.value
    assert type(error) is error_class
    assert (error.status_code, error.code, error.detail, error.param, error.request_id) == (
        status, code, f"{code} happened", "field", "req_123",
    )  # fmt: skip
    assert str(error) == f"{status} {code}: {code} happened"


def test_insufficient_credits_carries_the_balance() -> None:
    client = sync_client(lambda _: problem(402, "insufficient_credits", balance=0), Recorder())
    with pytest.raises(InsufficientCreditsError) as caught:
        client.tracks.create("x", "short")
    assert caught.value.balance == 0


def test_plan_required_is_a_permission_error_naming_the_plan() -> None:
    client = sync_client(lambda _: problem(403, "plan_required", required_plan="studio"), Recorder())
    with pytest.raises(PermissionDeniedError) as caught:
        client.api_keys.create("ci")
    assert isinstance(caught.value, PlanRequiredError) and caught.value.required_plan == "studio"


def test_validation_failures_list_every_field() -> None:
    entries = [{"param": "prompt", "message": "too long", "code": "too_big"}]
    client = sync_client(lambda _: problem(400, "validation_failed", errors=entries, param="prompt"), Recorder())
    with pytest.raises(BadRequestError) as caught:
        client.tracks.create("x" * 3000, "short")
    assert caught.value.errors == entries


def test_a_non_json_error_body_still_raises_with_the_request_id_header() -> None:
    client = sync_client(
        lambda _: httpx.Response(502, text="bad gateway", headers={"x-request-id": "req_9"}), Recorder()
    )
    client.max_retries = 0
    with pytest.raises(InternalServerError) as caught:
        client.tracks.retrieve("trk_1")
    assert caught.value.code is None and caught.value.request_id == "req_9" and caught.value.body == "bad gateway"
