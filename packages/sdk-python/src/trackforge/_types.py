"""Per-request options every method accepts as keyword arguments (`timeout=`, `max_retries=`, …)."""

from __future__ import annotations

from typing import Any, Mapping, Union

import httpx
from typing_extensions import TypedDict

Timeout = Union[float, httpx.Timeout]


class RequestOptions(TypedDict, total=False):
    timeout: Timeout
    """Seconds (or an httpx.Timeout) for this request, instead of the client's."""
    max_retries: int
    """Retries for this request, instead of the client's (default 2)."""
    extra_headers: Mapping[str, str]
    """Headers added to (or replacing) the SDK's own."""
    extra_query: Mapping[str, Any]
    """Query parameters added to the SDK's own."""
    extra_body: Mapping[str, Any]
    """JSON fields added to a POST body (for fields newer than this SDK)."""
    idempotency_key: str
    """Idempotency-Key for a POST; by default the SDK makes one per call and reuses it on retries."""
