"""Retries, backoff, idempotency keys and the headers every request carries."""

from __future__ import annotations

import logging

import httpx
import pytest

import trackforge
from trackforge import APIConnectionError, APITimeoutError, BadRequestError, InternalServerError, RateLimitError

from .helpers import Recorder, async_client, problem, sync_client, track_json


def test_retries_a_429_after_the_seconds_retry_after_gives() -> None:
    answers = iter([problem(429, "rate_limited", headers={"Retry-After": "3"}), httpx.Response(200, json=track_json())])
    rec = Recorder()
    track = sync_client(lambda _: next(answers), rec).tracks.retrieve("trk_1")
    assert track.id == "trk_1"
    assert len(rec.requests) == 2
    assert rec.sleeps == [3.0]


def test_raises_rate_limit_error_once_two_retries_are_spent() -> None:
    rec = Recorder()
    client = sync_client(lambda _: problem(429, "rate_limited", headers={"Retry-After": "1"}), rec)
    with pytest.raises(RateLimitError) as caught:
        client.tracks.retrieve("trk_1")
    assert len(rec.requests) == 3
    assert caught.value.code == "rate_limited"


def test_does_not_retry_a_400_and_names_the_field() -> None:
    rec = Recorder()
    client = sync_client(lambda _: problem(400, "validation_failed", "duration must be short…", param="duration"), rec)
    with pytest.raises(BadRequestError) as caught:
        client.tracks.create("x", "forever")
    assert len(rec.requests) == 1
    assert rec.sleeps == []
    assert (caught.value.param, caught.value.status_code, caught.value.request_id) == ("duration", 400, "req_123")


def test_backs_off_exponentially_with_jitter_and_a_cap_without_retry_after() -> None:
    rec = Recorder()
    client = sync_client(lambda _: httpx.Response(503, json={"code": "unavailable"}), rec, max_retries=6)
    with pytest.raises(InternalServerError):
        client.tracks.retrieve("trk_1")
    assert len(rec.sleeps) == 6
    for attempt, delay in enumerate(rec.sleeps):
        ceiling = min(0.5 * 2**attempt, 8.0)
        assert 0.75 * ceiling <= delay <= ceiling


def test_a_timeout_raises_api_timeout_error_after_the_retries() -> None:
    rec = Recorder()

    def hang(request: httpx.Request) -> httpx.Response:
        raise httpx.ReadTimeout("slow", request=request)

    with pytest.raises(APITimeoutError):
        sync_client(hang, rec).tracks.retrieve("trk_1", timeout=0.5)
    assert len(rec.requests) == 3
    assert rec.requests[0].extensions["timeout"]["read"] == 0.5


def test_a_refused_connection_is_retried_then_raises_api_connection_error() -> None:
    rec = Recorder()

    def refuse(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("refused", request=request)

    with pytest.raises(APIConnectionError) as caught:
        sync_client(refuse, rec).tracks.retrieve("trk_1", max_retries=1)
    assert not isinstance(caught.value, APITimeoutError)
    assert len(rec.requests) == 2


def test_reuses_one_idempotency_key_across_the_retries_of_a_post() -> None:
    answers = iter(
        [httpx.Response(502), problem(409, "idempotency_in_progress"), httpx.Response(201, json=track_json())]
    )
    rec = Recorder()
    client = sync_client(lambda _: next(answers), rec)
    client.tracks.create("dark techno", "short")
    keys = {request.headers["Idempotency-Key"] for request in rec.requests}
    assert len(rec.requests) == 3 and len(keys) == 1


def test_each_logical_post_gets_its_own_key_and_a_given_key_is_used() -> None:
    rec = Recorder()
    client = sync_client(lambda _: httpx.Response(201, json=track_json()), rec)
    client.tracks.create("a", "short")
    client.tracks.create("b", "short")
    client.tracks.create("c", "short", idempotency_key="order-42")
    keys = [request.headers["Idempotency-Key"] for request in rec.requests]
    assert keys[0] != keys[1] and keys[2] == "order-42"
    client.tracks.retrieve("trk_1")
    assert "Idempotency-Key" not in rec.requests[3].headers


def test_sends_version_user_agent_and_key_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRACKFORGE_API_KEY", "tf_live_env")
    monkeypatch.setenv("TRACKFORGE_BASE_URL", "http://env.test/v1")
    seen: list[httpx.Request] = []

    def answer(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, json=track_json())

    client = trackforge.Trackforge(http_client=httpx.Client(transport=httpx.MockTransport(answer)))
    client.tracks.retrieve("trk_1", extra_headers={"X-Trace": "t1"}, extra_query={"expand": "x"})
    request = seen[0]
    assert str(request.url) == "http://env.test/v1/tracks/trk_1?expand=x"
    assert request.headers["Authorization"] == "Bearer tf_live_env"
    assert request.headers["Trackforge-Version"] == trackforge.API_VERSION
    assert request.headers["User-Agent"].startswith(f"trackforge-python/{trackforge.__version__} (CPython")
    assert request.headers["X-Trace"] == "t1"


def test_with_options_overrides_retries_for_a_copy_only() -> None:
    rec = Recorder()
    client = sync_client(lambda _: httpx.Response(500), rec)
    quiet = client.with_options(max_retries=0)
    quiet._sleep = rec.sleeps.append
    with pytest.raises(InternalServerError):
        quiet.tracks.retrieve("trk_1")
    assert len(rec.requests) == 1 and client.max_retries == 2


async def test_the_async_client_retries_and_reuses_the_idempotency_key() -> None:
    answers = iter([problem(429, "rate_limited", headers={"Retry-After": "2"}), httpx.Response(201, json=track_json())])
    rec = Recorder()
    client = async_client(lambda _: next(answers), rec)
    track = await client.tracks.create("dark techno", "short", seed=7)
    assert track.status == "queued"
    assert rec.sleeps == [2.0]
    assert rec.requests[0].headers["Idempotency-Key"] == rec.requests[1].headers["Idempotency-Key"]
    await client.close()


def test_debug_logs_requests_and_retries_without_secrets(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="trackforge")
    answers = iter([httpx.Response(503), httpx.Response(200, json=AUTH_SESSION)])
    sync_client(lambda _: next(answers), Recorder()).auth.verify("secret-token")
    text = caplog.text
    assert "token=%5Bredacted%5D" in text and "retrying GET /v1/auth/verify" in text
    assert "secret-token" not in text and "tf_test_key" not in text


AUTH_SESSION = {
    "access_token": "jwt", "token_type": "Bearer", "expires_in": 900, "redirect_to": None,
    "user": {"id": "usr_1", "object": "user", "email": "a@b.c", "name": None, "created_at": "2026-11-24T00:00:00Z"},
    "workspace": {"id": "wsp_1", "object": "workspace", "name": "w", "plan": "free",
                  "credits": {"balance": 0, "held": 0}, "created_at": "2026-11-24T00:00:00Z"},
}  # fmt: skip
