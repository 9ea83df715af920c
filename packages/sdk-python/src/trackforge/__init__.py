"""Trackforge: typed Python client for the Trackforge music API (distribution `trackforge-sdk`)."""

from ._binary import AsyncBinaryStream, BinaryStream
from ._client import AsyncTrackforge, Trackforge
from ._event_stream import AsyncEventSubscription, EventSubscription, WaitTimeoutError
from ._exceptions import (
    APIConnectionError,
    APIError,
    APIStatusError,
    APITimeoutError,
    AuthenticationError,
    BadRequestError,
    ConflictError,
    InsufficientCreditsError,
    InternalServerError,
    NotFoundError,
    PermissionDeniedError,
    PlanRequiredError,
    RateLimitError,
    TrackforgeError,
    UnprocessableEntityError,
    WebhookVerificationError,
)  # fmt: skip
from ._pagination import AsyncPage, AsyncPaginator, SyncPage
from ._response import APIResponse, RateLimit
from ._types import RequestOptions
from ._version import API_VERSION, __version__

__all__ = [
    "Trackforge", "AsyncTrackforge", "SyncPage", "AsyncPage", "AsyncPaginator", "BinaryStream",
    "AsyncBinaryStream", "EventSubscription", "AsyncEventSubscription", "RequestOptions", "APIResponse", "RateLimit",
    "TrackforgeError", "APIError", "APIStatusError", "BadRequestError", "AuthenticationError",
    "InsufficientCreditsError", "PermissionDeniedError", "PlanRequiredError", "NotFoundError",
    "ConflictError", "UnprocessableEntityError", "RateLimitError", "InternalServerError",
    "APIConnectionError", "APITimeoutError", "WebhookVerificationError", "WaitTimeoutError",
    "API_VERSION", "__version__",
]  # fmt: skip
