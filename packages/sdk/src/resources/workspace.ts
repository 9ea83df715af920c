// Generated from openapi.json and packages/sdk-manifest.json by scripts/generate-resources.ts.
// Do not edit: run `npm run generate:sdks`.
// client.workspace: The caller's workspace and the secret that signs its events.
import type { APIClient, RequestOptions } from '../core/api-client.js';
import type { APIPromise } from '../core/api-promise.js';
import type { Workspace } from '../types.js';

export class WorkspaceResource {
  constructor(protected readonly api: APIClient) {}

  /**
   * The workspace, with the `signing_secret` (`whsec_…`) that signs its WebSocket frames and track
   * webhooks.
   */
  retrieve(options?: RequestOptions): APIPromise<Workspace> {
    return this.api.request<Workspace>({ method: 'GET', path: '/v1/workspace', options });
  }

  /**
   * Replaces the signing secret (signed-in users only); the old one stops verifying new events at
   * once.
   */
  rotateSigningSecret(options?: RequestOptions): APIPromise<Workspace> {
    return this.api.request<Workspace>({ method: 'POST', path: '/v1/workspace/signing-secret', options });
  }
}
