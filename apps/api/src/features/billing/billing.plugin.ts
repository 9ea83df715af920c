// The billing feature's HTTP surface under /v1: checkout, the customer portal and Stripe's webhooks.
import type { FastifyInstance } from 'fastify';
import { registerContractRows } from '../../platform/http/openapi-contract.js';
import { BILLING_CONTRACT } from './billing.contract.js';
import { type BillingRouteDeps, registerBillingRoutes } from './billing.routes.js';

export type BillingPluginOptions = BillingRouteDeps;

export async function billingPlugin(app: FastifyInstance, options: BillingPluginOptions): Promise<void> {
  registerContractRows(app, BILLING_CONTRACT);
  await registerBillingRoutes(app, options);
}
