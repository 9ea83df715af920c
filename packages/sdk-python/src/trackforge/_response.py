"""`with_raw_response`: a method's parsed result together with the HTTP answer it came from.

    response = client.tracks.with_raw_response.retrieve("trk_…")
    response.status_code, response.request_id, response.rate_limit; track = response.parse()

Shaped after openai-python's: each resource has a `with_raw_response` twin whose methods take the
same arguments and return an APIResponse. The HTTP core records the answer it returns in a context
variable that only a wrapped call sets, so the resources themselves carry no raw-mode branches.
"""

from __future__ import annotations

import contextlib
import functools
from contextvars import ContextVar
from typing import Awaitable, Callable, Generic, Iterator, List, NamedTuple, Optional, TypeVar

import httpx
from typing_extensions import ParamSpec

P = ParamSpec("P")
R = TypeVar("R")

_answers: ContextVar[Optional[List[httpx.Response]]] = ContextVar("trackforge_raw_answers", default=None)


def record_answer(response: httpx.Response) -> None:
    """Called by the HTTP core with each answer it hands back; kept only inside a raw-response call."""
    answers = _answers.get()
    if answers is not None:
        answers.append(response)


class RateLimit(NamedTuple):
    """The budget an answer counted against (`X-RateLimit-*`; docs/limits.md)."""

    limit: int
    """Requests allowed per window."""
    remaining: int
    """Requests left in this window."""
    reset_seconds: int
    """Seconds until the window starts again."""


class APIResponse(Generic[R]):
    """The HTTP answer of a call (`headers`, `status_code`, `http_response`) and its parsed result."""

    def __init__(self, http_response: httpx.Response, parsed: R) -> None:
        self.http_response = http_response
        self._parsed = parsed

    @property
    def headers(self) -> httpx.Headers:
        return self.http_response.headers

    @property
    def status_code(self) -> int:
        return self.http_response.status_code

    @property
    def request_id(self) -> Optional[str]:
        """The server's X-Request-Id, for a support request."""
        request_id: Optional[str] = self.http_response.headers.get("x-request-id")
        return request_id

    @property
    def rate_limit(self) -> Optional[RateLimit]:
        """The rate limit this request counted against; None on routes without one."""
        headers = self.http_response.headers
        try:
            return RateLimit(
                int(headers["x-ratelimit-limit"]),
                int(headers["x-ratelimit-remaining"]),
                int(headers["x-ratelimit-reset"]),
            )
        except (KeyError, ValueError):
            return None

    @property
    def idempotency_key(self) -> Optional[str]:
        """The Idempotency-Key this POST was sent with (reuse it to retry safely); None for other methods."""
        key: Optional[str] = self.http_response.request.headers.get("idempotency-key")
        return key

    @property
    def idempotent_replayed(self) -> bool:
        """True when the server answered with the stored response of an earlier request with the same key."""
        replayed: Optional[str] = self.http_response.headers.get("idempotent-replayed")
        return replayed == "true"

    def parse(self) -> R:
        """What the plain method returns (a model, a page, None…)."""
        return self._parsed


def _first_answer(answers: List[httpx.Response]) -> httpx.Response:
    if not answers:
        raise RuntimeError("the call made no request")
    # A list's first page, or the one answer of any other call.
    return answers[0]


@contextlib.contextmanager
def _recording() -> Iterator[List[httpx.Response]]:
    """Collects the answers the HTTP core hands back inside the block (this context only)."""
    answers: List[httpx.Response] = []
    token = _answers.set(answers)
    try:
        yield answers
    finally:
        _answers.reset(token)


def to_raw_response_wrapper(method: Callable[P, R]) -> Callable[P, APIResponse[R]]:
    @functools.wraps(method)
    def wrapped(*args: P.args, **kwargs: P.kwargs) -> APIResponse[R]:
        with _recording() as answers:
            parsed = method(*args, **kwargs)
        return APIResponse(_first_answer(answers), parsed)

    return wrapped


def async_to_raw_response_wrapper(method: Callable[P, Awaitable[R]]) -> Callable[P, Awaitable[APIResponse[R]]]:
    @functools.wraps(method)
    async def wrapped(*args: P.args, **kwargs: P.kwargs) -> APIResponse[R]:
        with _recording() as answers:
            parsed = await method(*args, **kwargs)
        return APIResponse(_first_answer(answers), parsed)

    return wrapped
