"""The error classes, one per HTTP status and per problem `code` the API documents (docs/errors.md).

TrackforgeError
├── APIError                      (anything the API answered, or failed to)
│   ├── APIStatusError            (a 4xx/5xx problem+json; has .status_code, .code, .detail, .param)
│   │   ├── BadRequestError               400 (validation_failed, invalid_token)
│   │   ├── AuthenticationError           401
│   │   ├── InsufficientCreditsError      402
│   │   ├── PermissionDeniedError         403
│   │   │   └── PlanRequiredError         403 plan_required
│   │   ├── NotFoundError                 404
│   │   ├── ConflictError                 409
│   │   ├── UnprocessableEntityError      422
│   │   ├── RateLimitError                429
│   │   └── InternalServerError           5xx
│   └── APIConnectionError        (no answer: DNS, refused, reset)
│       └── APITimeoutError
└── WebhookVerificationError      (webhooks.unwrap and events.subscribe refused a signature)
"""

from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional, Type

import httpx

__all__ = [
    "TrackforgeError", "APIError", "APIStatusError", "BadRequestError", "AuthenticationError",
    "InsufficientCreditsError", "PermissionDeniedError", "PlanRequiredError", "NotFoundError",
    "ConflictError", "UnprocessableEntityError", "RateLimitError", "InternalServerError",
    "APIConnectionError", "APITimeoutError", "WebhookVerificationError",
]  # fmt: skip


class TrackforgeError(Exception):
    """Base of every error this SDK raises."""


class WebhookVerificationError(TrackforgeError):
    """A webhook or WebSocket event whose signature, timestamp or body did not verify."""


class APIError(TrackforgeError):
    """An error talking to the API; `request` is the httpx request that failed."""

    message: str
    request: httpx.Request
    code: Optional[str]
    detail: Optional[str]
    param: Optional[str]
    request_id: Optional[str]
    body: Optional[Any]

    def __init__(self, message: str, request: httpx.Request, *, body: Optional[Any] = None) -> None:
        super().__init__(message)
        self.message = message
        self.request = request
        self.body = body
        problem: Mapping[str, Any] = body if isinstance(body, Mapping) else {}
        self.code = _str_or_none(problem.get("code"))
        self.detail = _str_or_none(problem.get("detail"))
        self.param = _str_or_none(problem.get("param"))
        self.request_id = _str_or_none(problem.get("request_id"))


class APIStatusError(APIError):
    """The API answered with a 4xx or 5xx problem+json body."""

    response: httpx.Response
    status_code: int
    errors: List[Dict[str, Any]]
    """One entry per invalid field (`param`, `message`, `code`) for validation_failed."""

    def __init__(self, message: str, *, response: httpx.Response, body: Optional[Any]) -> None:
        super().__init__(message, response.request, body=body)
        self.response = response
        self.status_code = response.status_code
        if self.request_id is None:
            self.request_id = response.headers.get("x-request-id")
        problem: Mapping[str, Any] = body if isinstance(body, Mapping) else {}
        raw_errors = problem.get("errors")
        self.errors = [e for e in raw_errors if isinstance(e, dict)] if isinstance(raw_errors, list) else []


class BadRequestError(APIStatusError):
    """400: a field is missing or malformed (`param` names it) or a sign-in token is invalid."""


class AuthenticationError(APIStatusError):
    """401: no credential, or an unknown, revoked or expired one."""


class InsufficientCreditsError(APIStatusError):
    """402: the workspace has no credit left; `balance` says how many it has."""

    @property
    def balance(self) -> Optional[int]:
        value = self.body.get("balance") if isinstance(self.body, Mapping) else None
        return value if isinstance(value, int) else None


class PermissionDeniedError(APIStatusError):
    """403: the credential may not do this."""


class PlanRequiredError(PermissionDeniedError):
    """403 plan_required: the feature needs a higher plan; `required_plan` names it."""

    @property
    def required_plan(self) -> Optional[str]:
        return _str_or_none(self.body.get("required_plan")) if isinstance(self.body, Mapping) else None


class NotFoundError(APIStatusError):
    """404: no such object (also another workspace's private one)."""


class ConflictError(APIStatusError):
    """409: the object's state forbids the change, or the same Idempotency-Key is still running."""


class UnprocessableEntityError(APIStatusError):
    """422: e.g. an Idempotency-Key reused with another body."""


class RateLimitError(APIStatusError):
    """429: too many requests for the plan; retried automatically, raised once retries run out."""


class InternalServerError(APIStatusError):
    """5xx: a fault on the server's side; retried automatically, raised once retries run out."""


class APIConnectionError(APIError):
    """No answer from the API: the connection was refused, reset or could not be made."""

    def __init__(self, request: httpx.Request, message: str = "Connection error.") -> None:
        super().__init__(message, request)


class APITimeoutError(APIConnectionError):
    """The request took longer than its timeout."""

    def __init__(self, request: httpx.Request) -> None:
        super().__init__(request, "Request timed out.")


_BY_CODE: Dict[str, Type[APIStatusError]] = {"plan_required": PlanRequiredError}
_BY_STATUS: Dict[int, Type[APIStatusError]] = {
    400: BadRequestError, 401: AuthenticationError, 402: InsufficientCreditsError,
    403: PermissionDeniedError, 404: NotFoundError, 409: ConflictError,
    422: UnprocessableEntityError, 429: RateLimitError,
}  # fmt: skip


def make_status_error(response: httpx.Response, body: Optional[Any]) -> APIStatusError:
    """The most specific error class for this answer: by problem `code` first, then by status."""
    problem: Mapping[str, Any] = body if isinstance(body, Mapping) else {}
    code = problem.get("code")
    cls = _BY_CODE.get(code) if isinstance(code, str) else None
    if cls is None:
        cls = _BY_STATUS.get(response.status_code)
    if cls is None:
        cls = InternalServerError if response.status_code >= 500 else APIStatusError
    detail = problem.get("detail") or problem.get("title") or response.reason_phrase
    label = f" {code}" if isinstance(code, str) else ""
    return cls(f"{response.status_code}{label}: {detail}", response=response, body=body)


def _str_or_none(value: Any) -> Optional[str]:
    return value if isinstance(value, str) else None
