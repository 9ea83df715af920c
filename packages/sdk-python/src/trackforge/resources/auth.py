"""`client.auth`: passwordless sign-in for apps that sign their users in (magic links by email)."""

from __future__ import annotations

from typing import Optional

from typing_extensions import Unpack

from .._types import RequestOptions
from ..types import AuthSession, MailSent
from ._base import AsyncResource, SyncResource, body_of


class Auth(SyncResource):
    def signup(
        self,
        email: str,
        *,
        name: Optional[str] = None,
        redirect_to: Optional[str] = None,
        **options: Unpack[RequestOptions],
    ) -> MailSent:
        """Emails a sign-in link that creates the account (same answer whether or not it exists)."""
        body = body_of(email=email, name=name, redirect_to=redirect_to)
        return self._client.request(MailSent, "POST", "/v1/auth/signup", body=body, options=options)

    def magic_link(
        self, email: str, *, redirect_to: Optional[str] = None, **options: Unpack[RequestOptions]
    ) -> MailSent:
        """Emails a sign-in link to an existing account (same answer either way)."""
        body = body_of(email=email, redirect_to=redirect_to)
        return self._client.request(MailSent, "POST", "/v1/auth/magic-link", body=body, options=options)

    def verify(self, token: str, **options: Unpack[RequestOptions]) -> AuthSession:
        """Trades the link's token for an access token: `Trackforge(api_key=session.access_token)`."""
        return self._client.request(AuthSession, "GET", "/v1/auth/verify", params={"token": token}, options=options)

    def signout(self, **options: Unpack[RequestOptions]) -> None:
        """Revokes the session this client signs in with."""
        self._client.request_none("POST", "/v1/auth/signout", options=options)


class AsyncAuth(AsyncResource):
    async def signup(
        self,
        email: str,
        *,
        name: Optional[str] = None,
        redirect_to: Optional[str] = None,
        **options: Unpack[RequestOptions],
    ) -> MailSent:
        """Emails a sign-in link that creates the account (same answer whether or not it exists)."""
        body = body_of(email=email, name=name, redirect_to=redirect_to)
        return await self._client.request(MailSent, "POST", "/v1/auth/signup", body=body, options=options)

    async def magic_link(
        self, email: str, *, redirect_to: Optional[str] = None, **options: Unpack[RequestOptions]
    ) -> MailSent:
        """Emails a sign-in link to an existing account (same answer either way)."""
        body = body_of(email=email, redirect_to=redirect_to)
        return await self._client.request(MailSent, "POST", "/v1/auth/magic-link", body=body, options=options)

    async def verify(self, token: str, **options: Unpack[RequestOptions]) -> AuthSession:
        """Trades the link's token for an access token: `AsyncTrackforge(api_key=session.access_token)`."""
        return await self._client.request(
            AuthSession, "GET", "/v1/auth/verify", params={"token": token}, options=options
        )

    async def signout(self, **options: Unpack[RequestOptions]) -> None:
        """Revokes the session this client signs in with."""
        await self._client.request_none("POST", "/v1/auth/signout", options=options)
