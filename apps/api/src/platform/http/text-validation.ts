// Every string a request carries — path parameters, query values, header values and the JSON body,
// keys included — is checked here once for the two things no route can store or compare: NUL
// (PostgreSQL text cannot hold 0x00, so it used to surface as a 500) and invalid UTF-16 (a lone
// surrogate has no UTF-8 encoding), and for bidirectional controls, which no title or prompt needs
// and which disguise text (below). All are refused as 400 validation_failed naming the field,
// before any route, service or query sees the value.
// So is a body nested deeper than MAX_JSON_DEPTH: the walk stops there rather than recursing until
// the stack overflows (a JSON body ~5,000 levels deep used to answer 500).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';

interface TextProblem {
  param: string;
  message: string;
  /** The entry's code in a validation_failed problem's errors; invalid_string unless said. */
  code?: string;
}

/** Most levels of arrays and objects a request's JSON may nest; no route takes more than a few. */
export const MAX_JSON_DEPTH = 32;

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

// Embedding, override and isolate controls reorder how the text around them is shown: a title
// "demo\u202E3pm.exe" reads "demoexe.mp3" (the Trojan Source trick, CVE-2021-42574) in the studio,
// on the share page, in a webhook receiver's log. Nobody types them; they are refused, not stripped, so
// what is stored is what was sent. The marks (U+200E, U+200F, U+061C) stay: right-to-left text
// needs them and they reorder nothing beyond themselves.
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;

function problemOf(text: string): string | undefined {
  if (text.includes('\u0000')) return 'must not contain the NUL character (\\u0000)';
  if (BIDI_CONTROL.test(text))
    return 'must not contain bidirectional control characters (U+202A to U+202E, U+2066 to U+2069), which change how the text around them is shown';
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode text (it contains a lone UTF-16 surrogate)';
  return undefined;
}

/**
 * The first bad string inside value (keys too), with the dotted path that leads to it, or the
 * first array or object nested deeper than MAX_JSON_DEPTH.
 */
export function findTextProblem(value: unknown, path: string, depth = 0): TextProblem | undefined {
  if (depth > MAX_JSON_DEPTH && value !== null && typeof value === 'object')
    return {
      // the top-level field it sits under: the full path would be dozens of segments long
      param: path.split('.')[0] || 'body',
      message: `nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep; send at most ${MAX_JSON_DEPTH}`,
      code: 'too_deep',
    };
  if (typeof value === 'string') {
    const message = problemOf(value);
    return message ? { param: path, message } : undefined;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findTextProblem(item, `${path}.${index}`, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      const keyProblem = problemOf(key);
      if (keyProblem) return { param: path, message: `has a key that ${keyProblem}` };
      const found = findTextProblem(item, path ? `${path}.${key}` : key, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

/** "idempotency-key" → "Idempotency-Key", as the header is documented. */
function headerName(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_match, dash: string, letter: string) => dash + letter.toUpperCase());
}

function refuse(problem: TextProblem): AppError {
  return new AppError('validation_failed', `${problem.param}: ${problem.message}.`, {
    param: problem.param,
    errors: [{ param: problem.param, message: problem.message, code: problem.code ?? 'invalid_string' }],
  });
}

function checkUrlAndHeaders(request: FastifyRequest): TextProblem | undefined {
  for (const [name, value] of Object.entries(request.headers)) {
    for (const text of Array.isArray(value) ? value : [value]) {
      const message = typeof text === 'string' ? problemOf(text) : undefined;
      if (message) return { param: headerName(name), message };
    }
  }
  const inPath = findTextProblem(request.params, '');
  if (inPath) return { ...inPath, param: inPath.param || 'path' };
  const inQuery = findTextProblem(request.query, '');
  return inQuery && { ...inQuery, param: inQuery.param || 'query' };
}

/** Installs the check for every route; register before authentication and the routes. */
export function registerTextValidation(app: FastifyInstance): void {
  // The URL and headers are checked before authentication reads them; the body once it is parsed.
  app.addHook('onRequest', async (request) => {
    const problem = checkUrlAndHeaders(request);
    if (problem) throw refuse(problem);
  });
  app.addHook('preValidation', async (request) => {
    const problem = findTextProblem(request.body, '');
    if (problem) throw refuse({ ...problem, param: problem.param || 'body' });
  });
}
