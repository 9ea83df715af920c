// client.auth: passwordless sign-in for apps that sign users in (magic links by email).
import type { APIClient, RequestOptions } from '../core/api-client.js';
import type { MagicLinkParams, MagicLinkSent, SignupParams, Verification } from '../types.js';

export class Auth {
  constructor(private readonly api: APIClient) {}

  /** Emails a sign-up link; answers the same whether or not the address exists. */
  signup(params: SignupParams, options?: RequestOptions): Promise<MagicLinkSent> {
    return this.api.request<MagicLinkSent>({
      method: 'POST',
      path: '/v1/auth/signup',
      body: params,
      options,
    });
  }

  /** Emails a sign-in link; answers the same whether or not the address exists. */
  magicLink(params: MagicLinkParams, options?: RequestOptions): Promise<MagicLinkSent> {
    return this.api.request<MagicLinkSent>({
      method: 'POST',
      path: '/v1/auth/magic-link',
      body: params,
      options,
    });
  }

  /**
   * Exchanges the link's token for an access token (15 min) and, in browsers, a session cookie.
   * @example const { access_token } = await client.auth.verify({ token }); const me = client.withOptions({ apiKey: access_token });
   */
  verify(params: { token: string }, options?: RequestOptions): Promise<Verification> {
    return this.api.request<Verification>({ method: 'GET', path: '/v1/auth/verify', query: params, options });
  }

  /** Revokes the session and clears its cookie. */
  async signout(options?: RequestOptions): Promise<void> {
    await this.api.request({ method: 'POST', path: '/v1/auth/signout', options });
  }
}
