"""The HTTP core shared by every resource, without I/O: options, request building, idempotency keys,
the retry policy (which answers are retried, how long to wait) and the typed errors.

Shaped after openai-python's _base_client: BaseClient holds what both runtimes share; the loops that
send and sleep are thin shells, AsyncAPIClient (_async_api_client.py, written by hand) and its
generated sync twin SyncAPIClient (_sync_api_client.py), that ask an Attempts object what to do next.
"""

from __future__ import annotations

import email.utils
import json
import os
import platform
import random
import time
import uuid
from typing import Any, Dict, Mapping, Optional, Tuple

import httpx

from ._exceptions import APIConnectionError, APITimeoutError, TrackforgeError, make_status_error
from ._logs import logger, setup_logging
from ._response import record_answer
from ._types import RequestOptions, Timeout
from ._version import API_VERSION, __version__

DEFAULT_BASE_URL = "http://localhost:8080"
DEFAULT_TIMEOUT = httpx.Timeout(60.0, connect=5.0)
DEFAULT_MAX_RETRIES = 2
INITIAL_RETRY_DELAY_SECONDS = 0.5
MAX_RETRY_DELAY_SECONDS = 8.0
# A Retry-After longer than this is not waited for: the caller gets the error and decides.
MAX_RETRY_AFTER_SECONDS = 60.0
RETRYABLE_STATUSES = frozenset({408, 409, 429})

# A file part of a multipart/form-data body: (file name, bytes, content type).
FilePart = Tuple[str, bytes, str]
Files = Mapping[str, FilePart]


class BaseClient:
    api_key: Optional[str]
    base_url: str
    timeout: Timeout
    max_retries: int

    def __init__(
        self,
        *,
        api_key: Optional[str],
        base_url: Optional[str],
        timeout: Optional[Timeout],
        max_retries: Optional[int],
        default_headers: Optional[Mapping[str, str]],
    ) -> None:
        setup_logging()
        self.api_key = api_key if api_key is not None else os.environ.get("TRACKFORGE_API_KEY") or None
        # Failing here names what is missing; the first request would only come back 401.
        if self.api_key is None:
            raise TrackforgeError(
                "No API key: set TRACKFORGE_API_KEY or pass Trackforge(api_key='tf_live_…')"
                " (api_key='' for public reads and webhook verification without one)."
            )
        url = base_url or os.environ.get("TRACKFORGE_BASE_URL") or DEFAULT_BASE_URL
        # The origin is configured; paths carry /v1, so a base URL given with /v1 is accepted too.
        url = url.rstrip("/")
        self.base_url = url[: -len("/v1")] if url.endswith("/v1") else url
        self.timeout = timeout if timeout is not None else DEFAULT_TIMEOUT
        self.max_retries = max_retries if max_retries is not None else DEFAULT_MAX_RETRIES
        self._default_headers = dict(default_headers or {})

    def default_headers(self) -> Dict[str, str]:
        headers = {
            "Accept": "application/json",
            "User-Agent": user_agent(),
            "Trackforge-Version": API_VERSION,
            **self._default_headers,
        }
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        return headers

    def _build_request(
        self,
        http: httpx.Client | httpx.AsyncClient,
        method: str,
        path: str,
        *,
        params: Optional[Mapping[str, Any]],
        body: Optional[Any],
        options: RequestOptions,
        idempotency_key: Optional[str],
        files: Optional[Files] = None,
    ) -> httpx.Request:
        headers = self.default_headers()
        if idempotency_key is not None:
            headers["Idempotency-Key"] = idempotency_key
        headers.update(options.get("extra_headers", {}))
        query = {k: _query_value(v) for k, v in (params or {}).items() if v is not None}
        query.update(options.get("extra_query", {}))
        if body is not None and "extra_body" in options:
            body = {**body, **options["extra_body"]}
        timeout = options.get("timeout", self.timeout)
        if files is not None:
            # The API's multipart form (POST /v1/tracks): the JSON body whole in a `request` part,
            # the files beside it; the server folds them back into the JSON it validates.
            form: Dict[str, Tuple[Optional[str], Any, str]] = {
                "request": (None, json.dumps(body or {}, ensure_ascii=False), "application/json"),
                **files,
            }
            return http.build_request(
                method, self.base_url + path, params=query, files=form, headers=headers, timeout=timeout
            )
        return http.build_request(
            method,
            self.base_url + path,
            params=query,
            json=body,
            headers=headers,
            timeout=timeout,
        )

    def _attempts(
        self,
        method: str,
        path: str,
        *,
        params: Optional[Mapping[str, Any]],
        body: Optional[Any],
        options: Optional[RequestOptions],
        files: Optional[Files],
    ) -> Attempts:
        return Attempts(self, method, path, params=params, body=body, options=options or {}, files=files)

    def _idempotency_key(self, method: str, options: RequestOptions) -> Optional[str]:
        # One key per logical POST, made before the first attempt and sent again on each retry,
        # so a retry after a lost answer replays the first result instead of charging twice.
        if method != "POST":
            return None
        return options.get("idempotency_key") or f"tf-py-{uuid.uuid4()}"

    def _max_retries(self, options: RequestOptions) -> int:
        return options.get("max_retries", self.max_retries)

    @staticmethod
    def _should_retry(response: httpx.Response) -> bool:
        return response.status_code in RETRYABLE_STATUSES or response.status_code >= 500

    @staticmethod
    def _retry_delay_seconds(retries_done: int, response: Optional[httpx.Response]) -> float:
        """Retry-After when the server gives a usable one, else capped exponential backoff with jitter."""
        if response is not None:
            retry_after = parse_retry_after(response.headers)
            if retry_after is not None and 0 <= retry_after <= MAX_RETRY_AFTER_SECONDS:
                return retry_after
        backoff = min(INITIAL_RETRY_DELAY_SECONDS * 2.0**retries_done, MAX_RETRY_DELAY_SECONDS)
        return backoff * (1 - 0.25 * random.random())

    @staticmethod
    def _error_for(response: httpx.Response) -> Exception:
        try:
            body: Any = response.json()
        except ValueError:
            body = response.text or None
        return make_status_error(response, body)


class Attempts:
    """The tries of one logical request, without I/O: each shell builds a request from it, sends it,
    and asks it whether the outcome is final (returned, or raised as the typed error) or how long to
    wait before the next try."""

    def __init__(
        self,
        client: BaseClient,
        method: str,
        path: str,
        *,
        params: Optional[Mapping[str, Any]],
        body: Optional[Any],
        options: RequestOptions,
        files: Optional[Files],
    ) -> None:
        self._client, self._method, self._path = client, method, path
        self._params, self._body, self._options, self._files = params, body, options, files
        self._idempotency_key = client._idempotency_key(method, options)
        self._max_retries = client._max_retries(options)
        self._retries_done = 0

    def request(self, http: httpx.Client | httpx.AsyncClient) -> httpx.Request:
        """This try's request; the same Idempotency-Key on every try."""
        request = self._client._build_request(
            http, self._method, self._path, params=self._params, body=self._body, options=self._options,
            idempotency_key=self._idempotency_key, files=self._files,
        )  # fmt: skip
        logger.debug("%s %s (attempt %d)", self._method, loggable(request.url), self._retries_done + 1)
        return request

    def delay_after_failure(self, request: httpx.Request, error: httpx.TransportError) -> float:
        """Seconds to wait after a timeout or lost connection; raises once no retry is left."""
        if self._retries_done >= self._max_retries:
            if isinstance(error, httpx.TimeoutException):
                raise APITimeoutError(request) from error
            raise APIConnectionError(request) from error
        return self._next_delay(None)

    def is_final(self, response: httpx.Response) -> bool:
        """True for a 2xx/3xx answer (the shell returns it); False when the error answer is retried;
        raises the typed error when it is not. A streamed error answer must be read first."""
        logger.debug("%s %s -> %d", self._method, loggable(response.request.url), response.status_code)
        if response.status_code < 400:
            record_answer(response)
            return True
        if self._retries_done >= self._max_retries or not self._client._should_retry(response):
            raise self._client._error_for(response)
        return False

    def delay_before_retry(self, response: httpx.Response) -> float:
        """Seconds to wait before retrying an error answer that is_final() let through."""
        return self._next_delay(response)

    def _next_delay(self, response: Optional[httpx.Response]) -> float:
        delay = self._client._retry_delay_seconds(self._retries_done, response)
        logger.info("retrying %s %s in %.2fs", self._method, self._path, delay)
        self._retries_done += 1
        return delay


def parse_retry_after(headers: httpx.Headers) -> Optional[float]:
    """Retry-After as seconds, from either form the header takes (seconds or an HTTP date)."""
    value = headers.get("retry-after")
    if value is None:
        return None
    try:
        return float(value)
    except ValueError:
        pass
    try:
        return email.utils.parsedate_to_datetime(value).timestamp() - time.time()
    except (TypeError, ValueError):
        return None


def loggable(url: httpx.URL) -> str:
    """The URL without secrets: a magic-link token travels in the query string of auth.verify."""
    if "token" not in url.params:
        return str(url)
    return str(url.copy_set_param("token", "[redacted]"))


def user_agent() -> str:
    runtime = f"{platform.python_implementation()} {platform.python_version()}"
    return f"trackforge-python/{__version__} ({runtime}; httpx {httpx.__version__})"


def _query_value(value: Any) -> Any:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ",".join(str(v) for v in value)
    return value
