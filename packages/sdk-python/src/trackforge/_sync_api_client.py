# Generated from _async_api_client.py by packages/sdk-python/scripts/generate_resources.py.
# Do not edit: edit the async module and run `npm run generate:sdks`.
"""SyncAPIClient: the I/O of a request on httpx.Client — send, read an error's body, sleep
between tries. What to send and whether to retry is decided in _base_client.py.
"""

from __future__ import annotations

import time
from typing import Any, Callable, Mapping, Optional, Type, TypeVar

import httpx
import pydantic

from ._base_client import BaseClient, Files
from ._types import RequestOptions

T = TypeVar("T", bound=pydantic.BaseModel)


class SyncAPIClient(BaseClient):
    _sleep: Callable[[float], Any] = staticmethod(time.sleep)

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
        attempts = self._attempts(method, path, params=params, body=body, options=options, files=files)
        while True:
            request = attempts.request(self._http)
            try:
                response = self._http.send(request, stream=stream)
            except httpx.TransportError as error:
                self._sleep(attempts.delay_after_failure(request, error))
                continue
            if stream and response.is_error:
                response.read()  # the typed error is made from the body
            if attempts.is_final(response):
                return response
            self._sleep(attempts.delay_before_retry(response))

    def request(self, cast_to: Type[T], method: str, path: str, **kwargs: Any) -> T:
        response = self.send(method, path, **kwargs)
        return cast_to.model_validate(response.json())

    def request_none(self, method: str, path: str, **kwargs: Any) -> None:
        self.send(method, path, **kwargs)
