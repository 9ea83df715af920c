"""The retry policy without I/O: Attempts is driven by hand here, with answers made up, no transport."""

from __future__ import annotations

import httpx
import pytest

from trackforge import APITimeoutError, BadRequestError, InternalServerError, Trackforge

from .helpers import problem


def _client(max_retries: int) -> Trackforge:
    return Trackforge(api_key="tf_test", base_url="http://api.test", max_retries=max_retries)


def _answer(response: httpx.Response, request: httpx.Request) -> httpx.Response:
    response.request = request
    return response


def test_a_post_keeps_one_idempotency_key_across_tries_and_raises_the_last_error_answer() -> None:
    client = _client(max_retries=1)
    attempts = client._attempts("POST", "/v1/tracks", params=None, body={"prompt": "x"}, options=None, files=None)
    first = attempts.request(client._http)
    assert attempts.is_final(_answer(problem(503, "unavailable"), first)) is False
    assert 0.375 <= attempts.delay_before_retry(_answer(problem(503, "unavailable"), first)) <= 0.5
    second = attempts.request(client._http)
    assert second.headers["idempotency-key"] == first.headers["idempotency-key"]
    assert second.headers["idempotency-key"].startswith("tf-py-")
    with pytest.raises(InternalServerError):
        attempts.is_final(_answer(problem(503, "unavailable"), second))


def test_a_success_is_final_and_a_400_is_raised_without_a_retry() -> None:
    client = _client(max_retries=2)
    attempts = client._attempts("GET", "/v1/tracks/trk_1", params=None, body=None, options=None, files=None)
    request = attempts.request(client._http)
    assert "idempotency-key" not in request.headers
    assert attempts.is_final(_answer(httpx.Response(200, json={}), request)) is True
    with pytest.raises(BadRequestError):
        attempts.is_final(_answer(problem(400, "invalid_request", param="limit"), request))


def test_a_timeout_is_retried_after_a_backoff_then_raised_once_retries_are_spent() -> None:
    client = _client(max_retries=1)
    attempts = client._attempts("GET", "/v1/me", params=None, body=None, options={"max_retries": 1}, files=None)
    request = attempts.request(client._http)
    assert 0.375 <= attempts.delay_after_failure(request, httpx.ReadTimeout("slow", request=request)) <= 0.5
    with pytest.raises(APITimeoutError):
        attempts.delay_after_failure(request, httpx.ReadTimeout("slow", request=request))
