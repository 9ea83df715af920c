// Generated from openapi.json and packages/sdk-manifest.json by scripts/generate-resources.ts.
// Do not edit: run `npm run generate:sdks`.
// client.auth: Passwordless sign-in for apps that sign their users in (magic links by email).
import type { APIClient, RequestOptions } from '../core/api-client.js';
import type { APIPromise } from '../core/api-promise.js';
import type { BodyOf, MagicLinkSent, QueryOf, Verification } from '../types.js';

export class Auth {
  constructor(protected readonly api: APIClient) {}

  /** Emails a sign-up link; answers the same whether or not the address exists. */
  signup(params: BodyOf<'/v1/auth/signup', 'post'>, options: RequestOptions = {}): APIPromise<MagicLinkSent> {
    return this.api.request<MagicLinkSent>({
      method: 'POST',
      path: '/v1/auth/signup',
      body: params,
      options,
    });
  }

  /** Emails a sign-in link; answers the same whether or not the address exists. */
  magicLink(
    params: BodyOf<'/v1/auth/magic-link', 'post'>,
    options: RequestOptions = {},
  ): APIPromise<MagicLinkSent> {
    return this.api.request<MagicLinkSent>({
      method: 'POST',
      path: '/v1/auth/magic-link',
      body: params,
      options,
    });
  }

  /**
   * Exchanges the link's token for an access token (15 min) and, in browsers, a session cookie.
   */
  verify(params: QueryOf<'/v1/auth/verify', 'get'>, options: RequestOptions = {}): APIPromise<Verification> {
    return this.api.request<Verification>({ method: 'GET', path: '/v1/auth/verify', query: params, options });
  }

  /** Revokes the session this client signs in with and clears its cookie. */
  signout(options?: RequestOptions): APIPromise<void> {
    return this.api.request<void>({ method: 'POST', path: '/v1/auth/signout', options });
  }
}
