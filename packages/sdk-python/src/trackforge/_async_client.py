"""AsyncTrackforge: the client, one resource per attribute."""

# async source: written once, for asyncio; scripts/generate_resources.py writes the sync twin
# async source: (_sync_client.py, Trackforge) from it.

from __future__ import annotations

import os
from types import TracebackType
from typing import Any, Mapping, Optional, Type

import httpx
from typing_extensions import Unpack

from ._async_api_client import AsyncAPIClient
from ._types import RequestOptions, Timeout
from .lib.events import AsyncEvents
from .lib.tracks import AsyncTracks
from .resources.api_keys import AsyncApiKeys
from .resources.auth import AsyncAuth
from .resources.billing import AsyncBilling
from .resources.credits import AsyncCreditsResource
from .resources.voices import AsyncVoices
from .resources.webhook_endpoints import AsyncWebhookEndpoints
from .resources.workspace import AsyncWorkspaceResource
from .types import Me
from .webhooks import Webhooks


class AsyncTrackforge(AsyncAPIClient):
    """The Trackforge API client.

        async with AsyncTrackforge() as client:  # TRACKFORGE_API_KEY and TRACKFORGE_BASE_URL from the environment
            track = await client.tracks.create_and_wait("dark techno, 128 bpm", "short")

    `api_key` takes an API key (tf_live_…) or an access token from auth.verify. Every method also
    takes per-request `timeout=`, `max_retries=`, `extra_headers=`, `extra_query=`, `extra_body=`
    and (POST) `idempotency_key=`.
    """

    def __init__(
        self,
        *,
        api_key: Optional[str] = None,
        base_url: Optional[str] = None,
        timeout: Optional[Timeout] = None,
        max_retries: Optional[int] = None,
        default_headers: Optional[Mapping[str, str]] = None,
        webhook_secret: Optional[str] = None,
        http_client: Optional[httpx.AsyncClient] = None,
    ) -> None:
        super().__init__(
            api_key=api_key, base_url=base_url, timeout=timeout, max_retries=max_retries,
            default_headers=default_headers, http_client=http_client,
        )  # fmt: skip
        self._settings = dict(api_key=api_key, base_url=base_url, timeout=timeout, max_retries=max_retries,
                              default_headers=default_headers, webhook_secret=webhook_secret)  # fmt: skip
        self.workspace = AsyncWorkspaceResource(self)
        self.events = AsyncEvents(self, workspace=self.workspace)
        self.tracks = AsyncTracks(self, events=self.events)
        self.voices = AsyncVoices(self)
        self.credits = AsyncCreditsResource(self)
        self.webhook_endpoints = AsyncWebhookEndpoints(self)
        self.api_keys = AsyncApiKeys(self)
        self.billing = AsyncBilling(self)
        self.auth = AsyncAuth(self)
        self.webhooks = Webhooks(webhook_secret or os.environ.get("TRACKFORGE_WEBHOOK_SECRET"))

    async def me(self, **options: Unpack[RequestOptions]) -> Me:
        """Who is calling: the user (null for an API key), the workspace, its plan and credits."""
        return await self.request(Me, "GET", "/v1/me", options=options)

    def with_options(self, **overrides: Any) -> AsyncTrackforge:
        """A copy with other settings (api_key, base_url, timeout, max_retries, …) sharing the connection pool."""
        return AsyncTrackforge(**{**self._settings, **overrides, "http_client": self._http})

    async def __aenter__(self) -> AsyncTrackforge:
        return self

    async def __aexit__(
        self, exc_type: Optional[Type[BaseException]], exc: Optional[BaseException], tb: Optional[TracebackType]
    ) -> None:
        await self.close()
