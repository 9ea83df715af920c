// The shape of one operation's contract row: who may call it (enforced before the handler and
// before an idempotent replay: route-access.ts), the feature errors it can give, its non-JSON
// answers and one worked example. Each feature keeps its rows beside its routes
// (features/<name>/<name>.contract.ts) and its plugin registers them; openapi-document.ts derives
// every documented error status from a row plus what all routes share (see errorCodesFor), and
// route-access.ts reads the access from the same rows. A route without a row fails document
// generation, so the rows cannot fall behind the routes.
import type { FastifyInstance } from 'fastify';
import type { ErrorCode } from '../../errors.js';

/**
 * public: no credential needed (a bad Bearer header is still refused);
 * optional: public and unlisted resources without a credential, private ones with;
 * workspace: an API key, an access token or the session cookie;
 * user: a signed-in user (access token or session cookie), not an API key;
 * stripe: Stripe's own signature, not a Trackforge credential.
 */
export type Access = 'public' | 'optional' | 'workspace' | 'user' | 'stripe';

/** A non-JSON success answer (files, upgrades), documented instead of the route's own 200. */
export interface SuccessOverride {
  status: string;
  description: string;
  contentTypes?: string[];
}

/** One worked example (request body, path parameters, JSON answer) for /docs and the fuzzer. */
export interface OperationExample {
  request?: unknown;
  /** More named request examples, shown beside `request` (OpenAPI `examples`). */
  requestExamples?: Record<string, { summary: string; value: unknown }>;
  /** Other media types the request body may take, with their schema (e.g. multipart/form-data). */
  otherRequestContent?: Record<string, unknown>;
  response?: unknown;
  params?: Record<string, string>;
}

export interface OperationContract {
  access: Access;
  /** Errors of the feature itself, beyond those errorCodesFor derives for every route of its kind. */
  errors?: ErrorCode[];
  /** Replaces the route's success responses (binary files, WebSocket upgrade). */
  success?: SuccessOverride[];
  example: OperationExample;
}

/** A feature's rows, keyed as the document writes the operation: `POST /v1/tracks`, `GET /v1/tracks/{id}`. */
export type ContractRows = Record<string, OperationContract>;

/** Every row the features registered; the document and the access hook read it. */
export interface ContractRegistry {
  /** Adds a feature's rows; a row two features claim is a mistake and throws. */
  add(rows: ContractRows): void;
  find(key: string): OperationContract | undefined;
  keys(): string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The operations' contract rows (registerOpenApi decorates the root; features add their rows). */
    operationContracts: ContractRegistry;
  }
}

export function createContractRegistry(): ContractRegistry {
  const rows = new Map<string, OperationContract>();
  return {
    add(more) {
      for (const [key, row] of Object.entries(more)) {
        if (rows.has(key)) throw new Error(`${key} has two contract rows`);
        rows.set(key, row);
      }
    },
    find: (key) => rows.get(key),
    keys: () => [...rows.keys()],
  };
}

/** Registers a feature's rows with the app's registry; call from the feature's plugin. */
export function registerContractRows(app: FastifyInstance, rows: ContractRows): void {
  app.operationContracts.add(rows);
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What the route gives besides its feature errors: shared hooks, credentials, params and body. */
export interface OperationShape {
  method: string;
  hasPathParams: boolean;
  idempotent: boolean;
}

/**
 * Every error code an operation can answer with. Shared by all routes: a malformed
 * Trackforge-Version (validation_failed), rate limits, internal errors and a server shutting down or
 * losing its database. The authentication hook runs on every route: a Bearer credential that is
 * present but wrong is 401, a Free-plan key is 403 plan_required, and a cookie-signed change without
 * an allowed Origin is 403 forbidden.
 */
export function errorCodesFor(contract: OperationContract, shape: OperationShape): ErrorCode[] {
  const codes = new Set<ErrorCode>(['validation_failed', 'rate_limited', 'internal_error', 'unavailable']);
  if (contract.access !== 'stripe') {
    codes.add('unauthenticated');
    codes.add('plan_required');
  }
  if (contract.access === 'user' || (UNSAFE_METHODS.has(shape.method) && contract.access !== 'stripe')) {
    codes.add('forbidden');
  }
  if (shape.hasPathParams) codes.add('not_found');
  if (UNSAFE_METHODS.has(shape.method)) {
    codes.add('payload_too_large');
    codes.add('unsupported_media_type');
  }
  if (shape.idempotent) {
    codes.add('idempotency_in_progress');
    codes.add('idempotency_key_reused');
    // A key's stored answer sealed under a server secret that has since changed (docs/idempotency.md).
    codes.add('conflict');
  }
  for (const code of contract.errors ?? []) codes.add(code);
  return [...codes];
}

/**
 * Every POST goes through the idempotency plugin; it keeps answers apart per credential, so the key
 * takes effect whenever a credential comes with the request (anonymous POSTs ignore it).
 */
export function acceptsIdempotencyKey(method: string): boolean {
  return method === 'POST';
}
