// The credits ledger's HTTP surface under /v1 (GET /v1/credits).
import type { FastifyInstance } from 'fastify';
import { registerContractRows } from '../../../platform/http/openapi-contract.js';
import { registerCreditRoutes } from './credit.routes.js';
import type { CreditsService } from './credit.service.js';
import { CREDITS_CONTRACT } from './credits.contract.js';

export interface CreditsPluginOptions {
  credits: CreditsService;
  publicUrl: string;
}

export async function creditsPlugin(app: FastifyInstance, options: CreditsPluginOptions): Promise<void> {
  registerContractRows(app, CREDITS_CONTRACT);
  registerCreditRoutes(app, options);
}
