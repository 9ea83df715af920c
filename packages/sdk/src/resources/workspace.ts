// client.workspace: the caller's workspace and the secret that signs its events.
import type { APIClient, RequestOptions } from '../core/api-client.js';
import type { Workspace } from '../types.js';

export class WorkspaceResource {
  private cachedSecret: Promise<string> | undefined;

  constructor(private readonly api: APIClient) {}

  /** The workspace, with its `signing_secret` (`whsec_…`). */
  retrieve(options?: RequestOptions): Promise<Workspace> {
    return this.api.request<Workspace>({ method: 'GET', path: '/v1/workspace', options });
  }

  /** Rotates the signing secret (signed-in users only); the old one stops verifying new events at once. */
  async rotateSigningSecret(options?: RequestOptions): Promise<Workspace> {
    const workspace = await this.api.request<Workspace>({
      method: 'POST',
      path: '/v1/workspace/signing-secret',
      options,
    });
    this.cachedSecret = Promise.resolve(workspace.signing_secret);
    return workspace;
  }

  /** The signing secret, fetched once and cached; `refresh` fetches it again (after a rotation). */
  signingSecret({ refresh = false } = {}): Promise<string> {
    if (refresh || !this.cachedSecret) {
      this.cachedSecret = this.retrieve().then((workspace) => workspace.signing_secret);
      this.cachedSecret.catch(() => {
        this.cachedSecret = undefined;
      });
    }
    return this.cachedSecret;
  }
}
