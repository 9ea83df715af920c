// The accounts feature's HTTP surface under /v1: sign-in (auth/), the caller's own account (me/)
// and API keys (keys/). The authentication hook itself is app-wide (buildApp registers it first).
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { registerContractRows } from '../../platform/http/openapi-contract.js';
import { ACCOUNTS_CONTRACT } from './accounts.contract.js';
import { registerAuthRoutes } from './auth/auth.routes.js';
import type { AuthServices } from './auth/auth-services.js';
import { registerApiKeyRoutes } from './keys/api-key.routes.js';
import { registerMeRoutes } from './me/me.routes.js';

type MeRoutesDeps = Parameters<typeof registerMeRoutes>[1];

export interface AccountsPluginOptions {
  config: Config;
  auth: AuthServices;
  /** The plan and subscription /v1/me shows, from the billing feature (through the root). */
  getBillingSummary: MeRoutesDeps['getBillingSummary'];
}

export async function accountsPlugin(app: FastifyInstance, options: AccountsPluginOptions): Promise<void> {
  registerContractRows(app, ACCOUNTS_CONTRACT);
  registerAuthRoutes(app, { config: options.config, auth: options.auth });
  registerMeRoutes(app, { auth: options.auth, getBillingSummary: options.getBillingSummary });
  registerApiKeyRoutes(app, { apiKeys: options.auth.apiKeys, publicUrl: options.config.PUBLIC_URL });
}
