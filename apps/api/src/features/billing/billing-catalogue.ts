// What can be bought, read from the environment: two monthly plans and two credit packs, each a
// Stripe price id plus the credits it grants. A catalogue key is what clients send and what we
// store; Stripe price ids never leave the server.

import type { Config } from '../../config.js';
import type { Plan } from '../../platform/http/auth-context.js';
import type { PlanCaps } from '../../platform/shared/plan-caps.js';

export const CATALOGUE_KEYS = ['studio_monthly', 'enterprise_monthly', 'credits_100', 'credits_500'] as const;
export type CatalogueKey = (typeof CATALOGUE_KEYS)[number];

export interface CatalogueItem {
  key: CatalogueKey;
  /** Stripe price id; undefined when its variable is unset (the item cannot be bought). */
  stripePriceId: string | undefined;
  /** Subscriptions grant `credits` on every paid invoice; packs grant them once. */
  mode: 'subscription' | 'payment';
  plan: Plan | null;
  credits: number;
  priceVariable: string;
}

export type Catalogue = Record<CatalogueKey, CatalogueItem>;

/**
 * What each plan lets a workspace hold at once (docs/limits.md). Every key and every endpoint is a
 * standing load on the service: keys share one request budget per workspace (http/rate-limit.ts)
 * but each is a credential to track and revoke, and every endpoint receives every event. Free
 * workspaces hold no API keys at all (keys/api-key-format.ts API_PLANS).
 */
export const WORKSPACE_CAPS: { apiKeys: PlanCaps; webhookEndpoints: PlanCaps } = {
  apiKeys: { free: 0, studio: 20, enterprise: 100 },
  webhookEndpoints: { free: 5, studio: 25, enterprise: 100 },
};

/** The catalogue as configured. */
export function createCatalogue(config: Config): Catalogue {
  return {
    studio_monthly: {
      key: 'studio_monthly',
      stripePriceId: config.STRIPE_PRICE_STUDIO_MONTHLY,
      mode: 'subscription',
      plan: 'studio',
      credits: config.CREDITS_STUDIO_MONTHLY,
      priceVariable: 'STRIPE_PRICE_STUDIO_MONTHLY',
    },
    enterprise_monthly: {
      key: 'enterprise_monthly',
      stripePriceId: config.STRIPE_PRICE_ENTERPRISE_MONTHLY,
      mode: 'subscription',
      plan: 'enterprise',
      credits: config.CREDITS_ENTERPRISE_MONTHLY,
      priceVariable: 'STRIPE_PRICE_ENTERPRISE_MONTHLY',
    },
    credits_100: {
      key: 'credits_100',
      stripePriceId: config.STRIPE_PRICE_CREDITS_100,
      mode: 'payment',
      plan: null,
      credits: config.CREDITS_PACK_100,
      priceVariable: 'STRIPE_PRICE_CREDITS_100',
    },
    credits_500: {
      key: 'credits_500',
      stripePriceId: config.STRIPE_PRICE_CREDITS_500,
      mode: 'payment',
      plan: null,
      credits: config.CREDITS_PACK_500,
      priceVariable: 'STRIPE_PRICE_CREDITS_500',
    },
  };
}

/** The catalogue item sold under a Stripe price id, or undefined for a price we do not sell. */
export function findItemByStripePrice(catalogue: Catalogue, priceId: string): CatalogueItem | undefined {
  return Object.values(catalogue).find((item) => item.stripePriceId === priceId);
}

export function isCatalogueKey(value: unknown): value is CatalogueKey {
  return typeof value === 'string' && (CATALOGUE_KEYS as readonly string[]).includes(value);
}
