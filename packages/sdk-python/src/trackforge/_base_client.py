"""The HTTP core shared by every resource: request building, retries, idempotency keys, errors.

Shaped after openai-python's _base_client: one BaseClient holds what both runtimes share (options,
headers, the retry policy), SyncAPIClient and AsyncAPIClient run the loop on httpx.
"""

from __future__ import annotations

import asyncio
import email.utils
import json
import os
import platform
import random
import time
import uuid
from typing import Any, Callable, Dict, Mapping, Optional, Tuple, Type, TypeVar

import httpx
import pydantic

from ._exceptions import APIConnectionError, APITimeoutError, TrackforgeError, make_status_error
from ._logs import logger, setup_logging
from ._response import record_answer
from ._types import RequestOptions, Timeout
from ._version import API_VERSION, __version__

T = TypeVar("T", bound=pydantic.BaseModel)

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


class SyncAPIClient(BaseClient):
    _sleep: Callable[[float], None] = staticmethod(time.sleep)

    def __init__(self, *, http_client: Optional[httpx.Client] = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._http = http_client or httpx.Client(follow_redirects=True)

    def close(self) -> None:
        """Closes the connection pool."""
        self._http.close()

    def send(
        self,
        method: str,
        path: str,
        *,
        params: Optional[Mapping[str, Any]] = None,
        body: Optional[Any] = None,
        options: Optional[RequestOptions] = None,
        stream: bool = False,
        files: Optional[Files] = None,
    ) -> httpx.Response:
        """Sends with retries; returns a 2xx/3xx response or raises the typed error.

        `files` sends multipart/form-data: `body` as the JSON `request` part, each file as a part.
        """
        opts: RequestOptions = options or {}
        key = self._idempotency_key(method, opts)
        max_retries = self._max_retries(opts)
        retries_done = 0
        while True:
            request = self._build_request(
                self._http, method, path, params=params, body=body, options=opts, idempotency_key=key, files=files
            )
            logger.debug("%s %s (attempt %d)", method, loggable(request.url), retries_done + 1)
            try:
                response = self._http.send(request, stream=stream)
            except httpx.TimeoutException as error:
                if retries_done >= max_retries:
                    raise APITimeoutError(request) from error
                response = None
            except httpx.TransportError as error:
                if retries_done >= max_retries:
                    raise APIConnectionError(request) from error
                response = None
            if response is not None:
                logger.debug("%s %s -> %d", method, loggable(request.url), response.status_code)
                if response.status_code < 400:
                    record_answer(response)
                    return response
                if stream:
                    response.read()
                if retries_done >= max_retries or not self._should_retry(response):
                    raise self._error_for(response)
            delay = self._retry_delay_seconds(retries_done, response)
            logger.info("retrying %s %s in %.2fs", method, path, delay)
            self._sleep(delay)
            retries_done += 1

    def request(self, cast_to: Type[T], method: str, path: str, **kwargs: Any) -> T:
        response = self.send(method, path, **kwargs)
        return cast_to.model_validate(response.json())

    def request_none(self, method: str, path: str, **kwargs: Any) -> None:
        self.send(method, path, **kwargs)


class AsyncAPIClient(BaseClient):
    _sleep: Callable[[float], Any] = staticmethod(asyncio.sleep)

    def __init__(self, *, http_client: Optional[httpx.AsyncClient] = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._http = http_client or httpx.AsyncClient(follow_redirects=True)

    async def close(self) -> None:
        """Closes the connection pool."""
        await self._http.aclose()

    async def send(
        self,
        method: str,
        path: str,
        *,
        params: Optional[Mapping[str, Any]] = None,
        body: Optional[Any] = None,
        options: Optional[RequestOptions] = None,
        stream: bool = False,
        files: Optional[Files] = None,
    ) -> httpx.Response:
        """Sends with retries; returns a 2xx/3xx response or raises the typed error.

        `files` sends multipart/form-data: `body` as the JSON `request` part, each file as a part.
        """
        opts: RequestOptions = options or {}
        key = self._idempotency_key(method, opts)
        max_retries = self._max_retries(opts)
        retries_done = 0
        while True:
            request = self._build_request(
                self._http, method, path, params=params, body=body, options=opts, idempotency_key=key, files=files
            )
            logger.debug("%s %s (attempt %d)", method, loggable(request.url), retries_done + 1)
            try:
                response = await self._http.send(request, stream=stream)
            except httpx.TimeoutException as error:
                if retries_done >= max_retries:
                    raise APITimeoutError(request) from error
                response = None
            except httpx.TransportError as error:
                if retries_done >= max_retries:
                    raise APIConnectionError(request) from error
                response = None
            if response is not None:
                logger.debug("%s %s -> %d", method, loggable(request.url), response.status_code)
                if response.status_code < 400:
                    record_answer(response)
                    return response
                if stream:
                    await response.aread()
                if retries_done >= max_retries or not self._should_retry(response):
                    raise self._error_for(response)
            delay = self._retry_delay_seconds(retries_done, response)
            logger.info("retrying %s %s in %.2fs", method, path, delay)
            await self._sleep(delay)
            retries_done += 1

    async def request(self, cast_to: Type[T], method: str, path: str, **kwargs: Any) -> T:
        response = await self.send(method, path, **kwargs)
        return cast_to.model_validate(response.json())

    async def request_none(self, method: str, path: str, **kwargs: Any) -> None:
        await self.send(method, path, **kwargs)


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
