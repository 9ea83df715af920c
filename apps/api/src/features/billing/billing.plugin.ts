// The billing feature's HTTP surface under /v1: checkout, the customer portal and Stripe's webhooks.
import type { FastifyInstance } from 'fastify';
import { type BillingRouteDeps, registerBillingRoutes } from './billing.routes.js';

export type BillingPluginOptions = BillingRouteDeps;

export async function billingPlugin(app: FastifyInstance, options: BillingPluginOptions): Promise<void> {
  await registerBillingRoutes(app, options);
}
