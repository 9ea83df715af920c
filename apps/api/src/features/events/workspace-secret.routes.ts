// GET /v1/workspace and POST /v1/workspace/signing-secret: the caller's workspace with the secret
// that signs its events, and rotating that secret.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import type { Plan } from '../../platform/http/auth-context.js';
import { requireAuth, requireUser } from '../../platform/http/auth-context.js';
import { WorkspaceSchema } from './events.schemas.js';
import type { SigningSecretService } from './signing-secret.service.js';

export interface WorkspaceSecretDeps {
  signingSecrets: SigningSecretService;
  findWorkspace(id: string): Promise<{ id: string; name: string; plan: Plan } | undefined>;
}

export function registerWorkspaceSecretRoutes(app: FastifyInstance, deps: WorkspaceSecretDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  async function present(workspaceId: string, secret: string) {
    const workspace = await deps.findWorkspace(workspaceId);
    if (!workspace) throw new AppError('not_found', 'This workspace no longer exists.');
    return {
      id: workspace.id,
      object: 'workspace' as const,
      name: workspace.name,
      plan: workspace.plan,
      signing_secret: secret,
    };
  }

  routes.get(
    '/workspace',
    {
      schema: {
        tags: ['workspace'],
        summary: 'Get the workspace',
        description: "The caller's workspace, with the secret that signs its events.",
        response: { 200: WorkspaceSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return present(auth.workspaceId, await deps.signingSecrets.getSigningSecret(auth.workspaceId));
    },
  );

  routes.post(
    '/workspace/signing-secret',
    {
      schema: {
        tags: ['workspace'],
        summary: 'Rotate the signing secret',
        description: 'Rotate the event signing secret; the old one stops verifying new frames at once.',
        response: { 200: WorkspaceSchema },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      return present(auth.workspaceId, await deps.signingSecrets.rotateSigningSecret(auth.workspaceId));
    },
  );
}
