// client.workspace helpers on top of the generated resource: the signing secret, fetched once and
// cached, and kept current by a rotation made through this client.
import type { RequestOptions } from '../core/api-client.js';
import { WorkspaceResource as GeneratedWorkspaceResource } from '../resources/workspace.js';
import type { Workspace } from '../types.js';

export class WorkspaceResource extends GeneratedWorkspaceResource {
  private cachedSecret: Promise<string> | undefined;

  /** Rotates the signing secret (signed-in users only); the old one stops verifying new events at once. */
  override async rotateSigningSecret(options?: RequestOptions): Promise<Workspace> {
    const workspace = await super.rotateSigningSecret(options);
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
