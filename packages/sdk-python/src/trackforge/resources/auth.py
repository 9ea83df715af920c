# Generated from openapi.json and packages/sdk-manifest.json by
# packages/sdk-python/scripts/generate_resources.py. Do not edit: run `npm run generate:sdks`.
"""`client.auth`: Passwordless sign-in for apps that sign their users in (magic links by email)."""

from __future__ import annotations

import functools
from typing import Optional

from typing_extensions import Unpack

from .._response import async_to_raw_response_wrapper, to_raw_response_wrapper
from .._types import RequestOptions
from ..types import AuthSession, MailSent
from ._base import AsyncResource, SyncResource, body_of

__all__ = ["Auth", "AsyncAuth", "AuthWithRawResponse", "AsyncAuthWithRawResponse"]


class Auth(SyncResource):
    """Passwordless sign-in for apps that sign their users in (magic links by email)."""

    @functools.cached_property
    def with_raw_response(self) -> AuthWithRawResponse:
        """The same methods, answering APIResponse (headers, status_code, parse())."""
        return AuthWithRawResponse(self)

    def signup(
        self,
        email: str,
        *,
        name: Optional[str] = None,
        redirect_to: Optional[str] = None,
        **options: Unpack[RequestOptions],
    ) -> MailSent:
        """Emails a sign-up link; answers the same whether or not the address exists."""
        body = body_of(email=email, name=name, redirect_to=redirect_to)
        return self._client.request(MailSent, "POST", "/v1/auth/signup", body=body, options=options)

    def magic_link(
        self, email: str, *, redirect_to: Optional[str] = None, **options: Unpack[RequestOptions]
    ) -> MailSent:
        """Emails a sign-in link; answers the same whether or not the address exists."""
        body = body_of(email=email, redirect_to=redirect_to)
        return self._client.request(MailSent, "POST", "/v1/auth/magic-link", body=body, options=options)

    def verify(self, token: str, **options: Unpack[RequestOptions]) -> AuthSession:
        """Exchanges the link's token for an access token (15 min) and, in browsers, a session cookie."""
        params = {"token": token}
        return self._client.request(AuthSession, "GET", "/v1/auth/verify", params=params, options=options)

    def signout(self, **options: Unpack[RequestOptions]) -> None:
        """Revokes the session this client signs in with and clears its cookie."""
        self._client.request_none("POST", "/v1/auth/signout", options=options)


class AsyncAuth(AsyncResource):
    """Passwordless sign-in for apps that sign their users in (magic links by email)."""

    @functools.cached_property
    def with_raw_response(self) -> AsyncAuthWithRawResponse:
        """The same methods, answering APIResponse (headers, status_code, parse())."""
        return AsyncAuthWithRawResponse(self)

    async def signup(
        self,
        email: str,
        *,
        name: Optional[str] = None,
        redirect_to: Optional[str] = None,
        **options: Unpack[RequestOptions],
    ) -> MailSent:
        """Emails a sign-up link; answers the same whether or not the address exists."""
        body = body_of(email=email, name=name, redirect_to=redirect_to)
        return await self._client.request(MailSent, "POST", "/v1/auth/signup", body=body, options=options)

    async def magic_link(
        self, email: str, *, redirect_to: Optional[str] = None, **options: Unpack[RequestOptions]
    ) -> MailSent:
        """Emails a sign-in link; answers the same whether or not the address exists."""
        body = body_of(email=email, redirect_to=redirect_to)
        return await self._client.request(MailSent, "POST", "/v1/auth/magic-link", body=body, options=options)

    async def verify(self, token: str, **options: Unpack[RequestOptions]) -> AuthSession:
        """Exchanges the link's token for an access token (15 min) and, in browsers, a session cookie."""
        params = {"token": token}
        return await self._client.request(AuthSession, "GET", "/v1/auth/verify", params=params, options=options)

    async def signout(self, **options: Unpack[RequestOptions]) -> None:
        """Revokes the session this client signs in with and clears its cookie."""
        await self._client.request_none("POST", "/v1/auth/signout", options=options)


class AuthWithRawResponse:
    def __init__(self, resource: Auth) -> None:
        self.signup = to_raw_response_wrapper(resource.signup)
        self.magic_link = to_raw_response_wrapper(resource.magic_link)
        self.verify = to_raw_response_wrapper(resource.verify)
        self.signout = to_raw_response_wrapper(resource.signout)


class AsyncAuthWithRawResponse:
    def __init__(self, resource: AsyncAuth) -> None:
        self.signup = async_to_raw_response_wrapper(resource.signup)
        self.magic_link = async_to_raw_response_wrapper(resource.magic_link)
        self.verify = async_to_raw_response_wrapper(resource.verify)
        self.signout = async_to_raw_response_wrapper(resource.signout)
