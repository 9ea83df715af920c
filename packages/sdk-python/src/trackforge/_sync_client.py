# Generated from _async_client.py by packages/sdk-python/scripts/generate_resources.py.
# Do not edit: edit the async module and run `npm run generate:sdks`.
"""Trackforge: the client, one resource per attribute."""

from __future__ import annotations

import os
from types import TracebackType
from typing import Any, Mapping, Optional, Type

import httpx
from typing_extensions import Unpack

from ._sync_api_client import SyncAPIClient
from ._types import RequestOptions, Timeout
from .lib.events import Events
from .lib.tracks import Tracks
from .resources.api_keys import ApiKeys
from .resources.auth import Auth
from .resources.billing import Billing
from .resources.credits import CreditsResource
from .resources.voices import Voices
from .resources.webhook_endpoints import WebhookEndpoints
from .resources.workspace import WorkspaceResource
from .types import Me
from .webhooks import Webhooks


class Trackforge(SyncAPIClient):
    """The Trackforge API client.

        with Trackforge() as client:  # TRACKFORGE_API_KEY and TRACKFORGE_BASE_URL from the environment
            track = client.tracks.create_and_wait("dark techno, 128 bpm", "short")

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
        http_client: Optional[httpx.Client] = None,
    ) -> None:
        super().__init__(
            api_key=api_key, base_url=base_url, timeout=timeout, max_retries=max_retries,
            default_headers=default_headers, http_client=http_client,
        )  # fmt: skip
        self._settings = dict(api_key=api_key, base_url=base_url, timeout=timeout, max_retries=max_retries,
                              default_headers=default_headers, webhook_secret=webhook_secret)  # fmt: skip
        self.workspace = WorkspaceResource(self)
        self.events = Events(self, workspace=self.workspace)
        self.tracks = Tracks(self, events=self.events)
        self.voices = Voices(self)
        self.credits = CreditsResource(self)
        self.webhook_endpoints = WebhookEndpoints(self)
        self.api_keys = ApiKeys(self)
        self.billing = Billing(self)
        self.auth = Auth(self)
        self.webhooks = Webhooks(webhook_secret or os.environ.get("TRACKFORGE_WEBHOOK_SECRET"))

    def me(self, **options: Unpack[RequestOptions]) -> Me:
        """Who is calling: the user (null for an API key), the workspace, its plan and credits."""
        return self.request(Me, "GET", "/v1/me", options=options)

    def with_options(self, **overrides: Any) -> Trackforge:
        """A copy with other settings (api_key, base_url, timeout, max_retries, …) sharing the connection pool."""
        return Trackforge(**{**self._settings, **overrides, "http_client": self._http})

    def __enter__(self) -> Trackforge:
        return self

    def __exit__(
        self, exc_type: Optional[Type[BaseException]], exc: Optional[BaseException], tb: Optional[TracebackType]
    ) -> None:
        self.close()
