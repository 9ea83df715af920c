"""Trackforge: typed Python client for the Trackforge music API (distribution `trackforge-sdk`)."""

from ._async_binary import AsyncBinaryStream
from ._async_event_stream import AsyncEventSubscription
from ._async_pagination import AsyncPage
from ._client import AsyncTrackforge, Trackforge
from ._event_stream import WaitTimeoutError
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
from ._response import APIResponse, RateLimit
from ._sync_binary import BinaryStream
from ._sync_event_stream import EventSubscription
from ._sync_pagination import SyncPage
from ._types import RequestOptions
from ._version import API_VERSION, __version__
from .resources._base import AsyncPaginator

__all__ = [
    "Trackforge", "AsyncTrackforge", "SyncPage", "AsyncPage", "AsyncPaginator", "BinaryStream",
    "AsyncBinaryStream", "EventSubscription", "AsyncEventSubscription", "RequestOptions", "APIResponse", "RateLimit",
    "TrackforgeError", "APIError", "APIStatusError", "BadRequestError", "AuthenticationError",
    "InsufficientCreditsError", "PermissionDeniedError", "PlanRequiredError", "NotFoundError",
    "ConflictError", "UnprocessableEntityError", "RateLimitError", "InternalServerError",
    "APIConnectionError", "APITimeoutError", "WebhookVerificationError", "WaitTimeoutError",
    "API_VERSION", "__version__",
]  # fmt: skip
