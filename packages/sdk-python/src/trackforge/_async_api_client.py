"""AsyncAPIClient: the I/O of a request on httpx.AsyncClient — send, read an error's body, sleep
between tries. What to send and whether to retry is decided in _base_client.py.
"""

# async source: written once, for asyncio; scripts/generate_resources.py writes the sync twin
# async source: (_sync_api_client.py, SyncAPIClient on httpx.Client) from it.

from __future__ import annotations

import asyncio
from typing import Any, Awaitable, Callable, Mapping, Optional, Type, TypeVar

import httpx
import pydantic

from ._base_client import BaseClient, Files
from ._types import RequestOptions

T = TypeVar("T", bound=pydantic.BaseModel)


class AsyncAPIClient(BaseClient):
    _sleep: Callable[[float], Awaitable[Any]] = staticmethod(asyncio.sleep)

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
        attempts = self._attempts(method, path, params=params, body=body, options=options, files=files)
        while True:
            request = attempts.request(self._http)
            try:
                response = await self._http.send(request, stream=stream)
            except httpx.TransportError as error:
                await self._sleep(attempts.delay_after_failure(request, error))
                continue
            if stream and response.is_error:
                await response.aread()  # the typed error is made from the body
            if attempts.is_final(response):
                return response
            await self._sleep(attempts.delay_before_retry(response))

    async def request(self, cast_to: Type[T], method: str, path: str, **kwargs: Any) -> T:
        response = await self.send(method, path, **kwargs)
        return cast_to.model_validate(response.json())

    async def request_none(self, method: str, path: str, **kwargs: Any) -> None:
        await self.send(method, path, **kwargs)
