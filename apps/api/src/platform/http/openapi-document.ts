// Completes the document @fastify/swagger builds from the zod route schemas with what every route
// shares and what each feature's contract rows say: the problem+json error answers with the codes
// each operation can give (derived in openapi-contract.ts), the security of each operation, the
// common request and response headers, and each operation's example.
import { ERROR_CODES, type ErrorCode, problemBody } from '../../errors.js';
import {
  acceptsIdempotencyKey,
  type ContractRegistry,
  errorCodesFor,
  type OperationContract,
  type OperationExample,
} from './openapi-contract.js';
import { EXAMPLE_PUBLIC_URL } from './openapi-examples.js';

// Loose shapes: the document is plain JSON produced by @fastify/swagger.
type Json = Record<string, unknown>;
interface Operation extends Json {
  parameters?: Json[];
  responses: Record<string, Json>;
  requestBody?: { content?: Record<string, Json> };
  description?: string;
}

const PROBLEM_TYPE = 'application/problem+json';
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'];

const PROBLEM_SCHEMA = {
  type: 'object',
  description:
    'RFC 9457 problem details. `code` is stable and documented in docs/errors.md; other members (such as `required_plan`) may be added for some codes.',
  required: ['type', 'title', 'status', 'detail', 'code', 'request_id'],
  properties: {
    type: {
      type: 'string',
      format: 'uri',
      description: "{PUBLIC_URL}/docs/errors#{code}: the server's page explaining the code",
    },
    title: { type: 'string', description: 'Short, fixed summary of the code.' },
    status: { type: 'integer', minimum: 400, maximum: 599, description: 'The HTTP status, repeated.' },
    detail: { type: 'string', description: 'What went wrong with this request and how to fix it.' },
    code: { type: 'string', enum: Object.keys(ERROR_CODES), description: 'Stable machine-readable code.' },
    param: {
      type: ['string', 'null'],
      description: 'The field, query parameter or header at fault (dotted path), or null.',
    },
    request_id: { type: 'string', description: 'The X-Request-Id of this request; quote it to support.' },
    errors: {
      type: 'array',
      description: 'validation_failed: one entry per invalid field.',
      items: {
        type: 'object',
        required: ['param', 'message', 'code'],
        properties: {
          param: { type: 'string' },
          message: { type: 'string' },
          code: { type: 'string', description: 'The validator’s own code, e.g. too_small, invalid_type.' },
        },
      },
    },
  },
  additionalProperties: true,
};

const HEADERS = {
  XRequestId: {
    description: 'The request id (req_…); a well-formed X-Request-Id sent by the caller is reused.',
    schema: { type: 'string' },
  },
  TrackforgeVersion: {
    description: 'The API version that answered (YYYY-MM-DD).',
    schema: { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' },
  },
  RateLimit: {
    description: 'IETF RateLimit fields: what is left of the current window, e.g. `"default";r=59;t=30`.',
    schema: { type: 'string' },
  },
  RateLimitPolicy: {
    description:
      'IETF RateLimit-Policy: the quota and window that apply, e.g. `"default";q=60;w=60`. One quota per principal: all API keys of a workspace share one, all sessions and access tokens of a user another, requests without a credential count per client address.',
    schema: { type: 'string' },
  },
  RetryAfter: {
    description: 'Seconds to wait before retrying.',
    schema: { type: 'integer', minimum: 0 },
  },
  WwwAuthenticate: { description: 'Bearer', schema: { type: 'string' } },
};

const PARAMETERS = {
  TrackforgeVersion: {
    name: 'Trackforge-Version',
    in: 'header',
    required: false,
    description: 'Pin the API version (YYYY-MM-DD); the answer echoes the version used.',
    schema: { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', example: '2026-11-01' },
  },
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'Retry safely (with a credential; anonymous POSTs ignore it): the same key and body from the same credential replay the first answer for 24 h (`Idempotent-Replayed: true`); the same key with another body, or from another credential of the workspace, is 422, and while the first request runs 409. A replay is authorized like the first request.',
    schema: { type: 'string', minLength: 1, maxLength: 255 },
  },
};

export const SECURITY_SCHEMES = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description: 'An API key (tf_live_… or tf_test_…) or an access token (JWT) from GET /v1/auth/verify.',
  },
  accessToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'An access token from GET /v1/auth/verify; routes for signed-in users refuse API keys.',
  },
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'tf_session',
    description:
      'The studio’s session cookie (set by GET /v1/auth/verify). Requests that change state must carry an allowed Origin.',
  },
} as const;

const SECURITY: Record<OperationContract['access'], Json[] | undefined> = {
  public: [],
  optional: [{}, { bearerAuth: [] }, { sessionCookie: [] }],
  workspace: [{ bearerAuth: [] }, { sessionCookie: [] }],
  user: [{ accessToken: [] }, { sessionCookie: [] }],
  stripe: [],
};

const ACCESS_TEXT: Record<OperationContract['access'], string> = {
  public: 'No credential needed.',
  optional: 'No credential needed for public and unlisted tracks; private ones need the owner’s credential.',
  workspace: 'Needs an API key, an access token or the session cookie.',
  user: 'Needs a signed-in user (access token or session cookie); API keys get 403 forbidden.',
  stripe: 'Called by Stripe, verified with the Stripe-Signature header.',
};

function commonResponseHeaders(): Json {
  return {
    'X-Request-Id': { $ref: '#/components/headers/XRequestId' },
    'Trackforge-Version': { $ref: '#/components/headers/TrackforgeVersion' },
    RateLimit: { $ref: '#/components/headers/RateLimit' },
    'RateLimit-Policy': { $ref: '#/components/headers/RateLimitPolicy' },
  };
}

function codesWithStatus(status: number): ErrorCode[] {
  return (Object.keys(ERROR_CODES) as ErrorCode[]).filter((code) => ERROR_CODES[code].status === status);
}

const FRAMEWORK_STATUS_TEXT: Record<number, string> = {
  414: 'URI too long: a path parameter is over 100 characters.',
};

function errorResponse(status: number, codes: ErrorCode[]): Json {
  const lines = codes.map((code) => `\`${code}\` (${ERROR_CODES[code].title})`).join(', ');
  const headers: Json = commonResponseHeaders();
  if (status === 429) headers['Retry-After'] = { $ref: '#/components/headers/RetryAfter' };
  if (status === 401) headers['WWW-Authenticate'] = { $ref: '#/components/headers/WwwAuthenticate' };
  const first = codes[0];
  const media: Json = { schema: { $ref: '#/components/schemas/Problem' } };
  if (first)
    media.example = problemBody(
      EXAMPLE_PUBLIC_URL,
      first,
      `An example of ${first}.`,
      'req_01JD5Z8K3M9Q2R7T4V6W8X0Y1Z',
    );
  const description = first
    ? `Problem details; \`code\` is one of: ${lines}.`
    : `Problem details. ${FRAMEWORK_STATUS_TEXT[status] ?? ''}`.trim();
  return { description, headers, content: { [PROBLEM_TYPE]: media } };
}

function addParameter(operation: Operation, parameter: Json, ref: string): void {
  const name = String(parameter.name).toLowerCase();
  operation.parameters = (operation.parameters ?? []).filter(
    (existing) => !(existing.in === 'header' && String(existing.name).toLowerCase() === name),
  );
  operation.parameters.push({ $ref: `#/components/parameters/${ref}` });
}

function completeOperation(key: string, operation: Operation, contract: OperationContract): void {
  const method = key.split(' ')[0]!;
  const parameters = operation.parameters ?? [];
  const idempotent = acceptsIdempotencyKey(method);
  const shape = { method, hasPathParams: parameters.some((p) => p.in === 'path'), idempotent };

  operation.security = SECURITY[contract.access];
  const accessText = `**Credentials:** ${ACCESS_TEXT[contract.access]}`;
  operation.description = operation.description ? `${operation.description}\n\n${accessText}` : accessText;
  addParameter(operation, PARAMETERS.TrackforgeVersion, 'TrackforgeVersion');
  if (idempotent) addParameter(operation, PARAMETERS.IdempotencyKey, 'IdempotencyKey');

  if (contract.success) {
    for (const status of Object.keys(operation.responses)) {
      if (status.startsWith('2')) delete operation.responses[status];
    }
    for (const answer of contract.success) {
      const response: Json = { description: answer.description };
      if (answer.contentTypes) {
        response.content = Object.fromEntries(
          answer.contentTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
        );
      }
      operation.responses[answer.status] = response;
    }
  }
  for (const response of Object.values(operation.responses)) {
    response.headers = { ...commonResponseHeaders(), ...(response.headers as Json | undefined) };
  }

  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesFor(contract, shape)) {
    const status = ERROR_CODES[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  // Fastify refuses a path parameter over maxParamLength (100) before any schema runs.
  if (shape.hasPathParams && !byStatus.has(414)) byStatus.set(414, codesWithStatus(414));
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    operation.responses[String(status)] = errorResponse(status, codes);
  }
  applyExample(contract.example, operation);
}

function applyExample(example: OperationExample, operation: Operation): void {
  const body = operation.requestBody?.content?.['application/json'];
  if (body && example.request !== undefined) body.example = example.request;
  if (body && example.requestExamples) body.examples = example.requestExamples;
  const content = operation.requestBody?.content;
  if (content)
    for (const [type, media] of Object.entries(example.otherRequestContent ?? {}))
      content[type] = media as Json;
  for (const [name, value] of Object.entries(example.params ?? {})) {
    const parameter = operation.parameters?.find((p) => p.name === name && p.in !== 'header');
    if (parameter) parameter.example = value;
  }
  if (example.response === undefined) return;
  for (const [status, response] of Object.entries(operation.responses)) {
    const media = (response.content as Record<string, Json> | undefined)?.['application/json'];
    if (status.startsWith('2') && media) media.example = example.response;
  }
}

/** Adds the shared components and completes every operation; throws when no feature gave a route its row. */
export function completeDocument(document: Json, contracts: ContractRegistry): Json {
  const components = (document.components ?? {}) as Record<string, Json>;
  components.schemas = { ...components.schemas, Problem: PROBLEM_SCHEMA };
  components.headers = HEADERS;
  components.parameters = PARAMETERS;
  document.components = components;
  const paths = document.paths as Record<string, Record<string, Operation>>;
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const key = `${method.toUpperCase()} ${path}`;
      const contract = contracts.find(key);
      if (!contract) {
        throw new Error(`${key} has no contract row: add one to its feature's <name>.contract.ts`);
      }
      completeOperation(key, operation, contract);
    }
  }
  return document;
}
