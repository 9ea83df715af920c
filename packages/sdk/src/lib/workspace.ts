// client.workspace helpers on top of the generated resource: the signing secret, fetched once and
// cached, and kept current by a rotation made through this client.
import type { RequestOptions } from '../core/api-client.js';
import { APIPromise } from '../core/api-promise.js';
import { WorkspaceResource as GeneratedWorkspaceResource } from '../resources/workspace.js';
import type { Workspace } from '../types.js';

export class WorkspaceResource extends GeneratedWorkspaceResource {
  private cachedSecret: Promise<string> | undefined;

  /** Rotates the signing secret (signed-in users only); the old one stops verifying new events at once. */
  override rotateSigningSecret(options?: RequestOptions): APIPromise<Workspace> {
    return new APIPromise(
      super
        .rotateSigningSecret(options)
        .withResponse()
        .then((answer) => {
          this.cachedSecret = Promise.resolve(answer.data.signing_secret);
          return answer;
        }),
    );
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
