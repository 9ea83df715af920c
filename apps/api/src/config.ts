// Every setting the service reads, validated once at start. Nothing else reads process.env.
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** Who may say where a request came from (docs/DEPLOY.md "Client addresses"). */
export type TrustProxy = false | { hops: number } | { ranges: string[] };

// proxy-addr's names for well-known ranges, accepted beside CIDRs.
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_TRUSTED_HOPS = 10;

/** `off`, a hop count (1-10) or a comma-separated list of CIDRs, addresses or named ranges. */
const trustProxySetting = z
  .string()
  .default('off')
  .transform((value, context): TrustProxy => {
    const text = value.trim().toLowerCase();
    if (text === 'off' || text === 'false' || text === '0') return false;
    if (/^\d+$/.test(text)) {
      const hops = Number(text);
      if (hops <= MAX_TRUSTED_HOPS) return { hops };
      context.addIssue({
        code: 'custom',
        message: `a hop count is from 1 to ${MAX_TRUSTED_HOPS} (the proxies in front of this node); list CIDRs to trust by address`,
      });
      return z.NEVER;
    }
    if (text === 'true' || text === 'on') {
      context.addIssue({
        code: 'custom',
        message:
          'trusting every peer lets any client choose its address; give the number of proxies in front (1-10) or their CIDRs (10.0.0.0/8,2001:db8::/32)',
      });
      return z.NEVER;
    }
    const ranges = text.split(',').map((range) => range.trim());
    const bad = ranges.find((range) => !NAMED_RANGES.has(range) && !isAddressOrCidr(range));
    if (bad !== undefined) {
      context.addIssue({
        code: 'custom',
        message: `"${bad}" is not an address or CIDR; use off, a hop count from 1 to ${MAX_TRUSTED_HOPS}, or a comma-separated list of CIDRs (10.0.0.0/8,2001:db8::/32, loopback, linklocal, uniquelocal)`,
      });
      return z.NEVER;
    }
    return { ranges };
  });

// node:net's isIP is strict (ipaddr.js alone also takes legacy forms such as "11" or "0x7f.1").
function isAddressOrCidr(text: string): boolean {
  const [address = '', prefix] = text.split('/');
  if (!isIP(address)) return false;
  if (prefix === undefined) return true;
  try {
    ipaddr.parseCIDR(text);
    return /^\d+$/.test(prefix);
  } catch {
    return false;
  }
}

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  // The balancer's or CDN's hops whose X-Forwarded-For is believed; off: the socket's peer is the client.
  TRUST_PROXY: trustProxySetting,
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  STORAGE_URL: z
    .string()
    .regex(/^(s3:\/\/[^/]+(\/.*)?|file:.+)$/, 's3://bucket/prefix or file:/path')
    .optional(),
  S3_ENDPOINT: z.url().optional(),
  JWT_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Trackforge <no-reply@trackforge.local>'),
  ALLOWED_ORIGINS: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: z.url().optional(),
  // Billing catalogue (README "Billing"): Stripe price ids and the credits each one grants.
  STRIPE_PRICE_STUDIO_MONTHLY: z.string().startsWith('price_').optional(),
  STRIPE_PRICE_ENTERPRISE_MONTHLY: z.string().startsWith('price_').optional(),
  STRIPE_PRICE_CREDITS_100: z.string().startsWith('price_').optional(),
  STRIPE_PRICE_CREDITS_500: z.string().startsWith('price_').optional(),
  CREDITS_STUDIO_MONTHLY: z.coerce.number().int().min(0).default(500),
  CREDITS_ENTERPRISE_MONTHLY: z.coerce.number().int().min(0).default(5000),
  // Trial credits granted once to each workspace created by sign-up; 0 grants none.
  CREDITS_SIGNUP: z.coerce.number().int().min(0).default(3),
  CREDITS_PACK_100: z.coerce.number().int().min(1).default(100),
  CREDITS_PACK_500: z.coerce.number().int().min(1).default(500),
  WORKERS: z.coerce.number().int().min(0).max(64).default(1),
  ENGINE_BANK: z.enum(['full', 'small']).default('full'),
  JOB_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
  // Graceful stop (docs/DEPLOY.md "Draining"): how long an API node answers /readyz 503 before it
  // stops listening, and how long a stopping worker lets the jobs it runs finish before handing
  // them back to the queue.
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  WORKER_DRAIN_SECONDS: z.coerce.number().int().min(0).max(3600).default(20),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ALLOW_PRIVATE_WEBHOOKS: booleanFlag.default(false),
  // Rate limits (docs/limits.md): requests per window by plan, one budget for a workspace's API
  // keys and one per signed-in user; anonymous requests count per client address. Counters live
  // in each API node's memory.
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  RATE_LIMIT_ANONYMOUS: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_FREE: z.coerce.number().int().min(1).default(120),
  RATE_LIMIT_STUDIO: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_ENTERPRISE: z.coerce.number().int().min(1).default(3000),
  WEBSOCKETS_PER_WORKSPACE: z.coerce.number().int().min(1).default(20),
  // Edge purges (docs/DEPLOY.md "CDN and edge caching"): where a purge goes when a track is made
  // private or deleted. off: nothing is purged, and shared caches keep public answers 5 minutes at most.
  EDGE_PURGE: z.enum(['off', 'http', 'cloudflare']).default('off'),
  EDGE_PURGE_URL: z.url({ protocol: /^https?$/ }).optional(),
  EDGE_PURGE_METHOD: z.enum(['PURGE', 'BAN', 'POST']).default('PURGE'),
  EDGE_PURGE_TOKEN: z.string().min(1).optional(),
  // The header an http purge carries EDGE_PURGE_TOKEN in (Fastly: Fastly-Key); authorization sends "Bearer <token>".
  EDGE_PURGE_TOKEN_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'a header name, such as Fastly-Key')
    .default('authorization'),
  EDGE_PURGE_BY: z.enum(['tag', 'url']).default('tag'),
  // Bearer token for GET /metrics; unset → /metrics answers only loopback clients.
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
});

/** The validated configuration; derived values are filled in by loadConfig. */
export type Config = Omit<z.output<typeof ConfigSchema>, 'PUBLIC_URL' | 'ALLOWED_ORIGINS'> & {
  PUBLIC_URL: string;
  ALLOWED_ORIGINS: string[];
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; throws ConfigError with one line naming the bad variable and what is allowed. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = ConfigSchema.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(
      `Invalid ${name}=${JSON.stringify(present[name] ?? '')}: ${describeIssue(issue, ConfigSchema.shape[name as keyof typeof ConfigSchema.shape])}`,
    );
  }
  const parsed = result.data;
  // Outside production a secret is generated under DATA_DIR (auth/jwt-secret.ts); in production
  // each node must share one, so it must be given.
  if (parsed.NODE_ENV === 'production' && !parsed.JWT_SECRET) {
    throw new ConfigError(
      'Invalid JWT_SECRET="": required when NODE_ENV=production (at least 32 random characters, the same on every API node)',
    );
  }
  // Without SMTP, mail goes to the dev mailbox, which logs every sign-in link: in production that
  // would put live credentials in the log and sign nobody in.
  if (parsed.NODE_ENV === 'production' && !parsed.SMTP_URL) {
    throw new ConfigError(
      'Invalid SMTP_URL="": required when NODE_ENV=production (smtp://user:pass@host:port), since sign-in links are sent by mail',
    );
  }
  if (parsed.EDGE_PURGE !== 'off' && !parsed.EDGE_PURGE_URL) {
    throw new ConfigError(
      `Invalid EDGE_PURGE_URL="": required when EDGE_PURGE=${parsed.EDGE_PURGE} (${parsed.EDGE_PURGE === 'http' ? 'the cache to send PURGE to, e.g. http://cache/, or https://api.fastly.com/service/<service id>/purge' : 'https://api.cloudflare.com/client/v4/zones/<zone id>/purge_cache'})`,
    );
  }
  if (parsed.EDGE_PURGE === 'cloudflare' && !parsed.EDGE_PURGE_TOKEN) {
    throw new ConfigError(
      'Invalid EDGE_PURGE_TOKEN="": required when EDGE_PURGE=cloudflare (an API token with the Cache Purge permission on the zone)',
    );
  }
  const publicUrl = (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, '');
  const origins = new Set([new URL(publicUrl).origin]);
  for (const origin of (parsed.ALLOWED_ORIGINS ?? '').split(',')) {
    if (origin.trim()) origins.add(new URL(origin.trim()).origin);
  }
  return { ...parsed, PUBLIC_URL: publicUrl, ALLOWED_ORIGINS: [...origins] };
}

function describeIssue(issue: z.core.$ZodIssue, field: z.ZodType | undefined): string {
  if (issue.code === 'invalid_value')
    return `allowed values are ${issue.values.map((v) => String(v)).join(', ')}`;
  // Zod's own words for numbers ("expected number, received NaN") name neither the range nor
  // that only whole numbers are taken: say both.
  const number = field instanceof z.ZodDefault ? field.unwrap() : field;
  if (number instanceof z.ZodNumber && number.minValue !== null) {
    const max = number.maxValue;
    return max === null || max >= Number.MAX_SAFE_INTEGER
      ? `use a whole number of at least ${number.minValue}`
      : `use a whole number from ${number.minValue} to ${max}`;
  }
  return issue.message;
}
