// The one place a Stripe SDK client is built. STRIPE_API_BASE (e.g. http://127.0.0.1:12111 for
// stripe-mock) is split into the host/port/protocol options the SDK takes. The SDK is imported only
// when billing is configured: a node without STRIPE_SECRET_KEY never loads it (about 20 MB).
import type Stripe from 'stripe';
import type { Config } from '../../config.js';

export interface StripeClientOptions {
  /** Include request bodies in the SDK's 'request' events (tests assert on what we send). */
  emitEventBodies?: boolean;
}

/** A Stripe client, or undefined when STRIPE_SECRET_KEY is unset (billing is then off). */
export async function createStripeClient(
  config: Config,
  options: StripeClientOptions = {},
): Promise<Stripe | undefined> {
  if (!config.STRIPE_SECRET_KEY) return undefined;
  const stripeConfig: Stripe.StripeConfig = {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    emitEventBodies: options.emitEventBodies ?? false,
  };
  if (config.STRIPE_API_BASE) {
    const base = new URL(config.STRIPE_API_BASE);
    const protocol = base.protocol === 'http:' ? 'http' : 'https';
    stripeConfig.host = base.hostname;
    stripeConfig.port = base.port || (protocol === 'http' ? 80 : 443);
    stripeConfig.protocol = protocol;
  }
  const { default: StripeSdk } = await import('stripe');
  return new StripeSdk(config.STRIPE_SECRET_KEY, stripeConfig);
}

/** Webhook signing secrets; a comma-separated list so old and new both verify during rotation. */
export function webhookSecrets(config: Config): string[] {
  return (config.STRIPE_WEBHOOK_SECRET ?? '')
    .split(',')
    .map((secret) => secret.trim())
    .filter(Boolean);
}
