// The credits ledger's HTTP surface under /v1 (GET /v1/credits).
import type { FastifyInstance } from 'fastify';
import { registerCreditRoutes } from './credit.routes.js';
import type { CreditsService } from './credit.service.js';

export interface CreditsPluginOptions {
  credits: CreditsService;
  publicUrl: string;
}

export async function creditsPlugin(app: FastifyInstance, options: CreditsPluginOptions): Promise<void> {
  registerCreditRoutes(app, options);
}
