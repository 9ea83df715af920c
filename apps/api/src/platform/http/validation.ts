// Request validation with messages in our words. The zod schemas of each route decide; this
// compiler asks zod for a message per issue that names the field once and says what is allowed
// ("duration_seconds must be at most 595"), where zod's own would say "Too big: expected number to
// be <=595". A message a schema states itself (`.max(n, '…')`, a refine) wins over these.
import type { FastifySchemaCompiler } from 'fastify';
import { type $ZodRawIssue, type $ZodType, safeParse } from 'zod/v4/core';
import type { FieldError } from '../../errors.js';

/** A request part that failed its schema; the root error handler renders it as validation_failed. */
export class RequestValidationError extends Error {
  /** Set by Fastify: body, querystring, params or headers. */
  validationContext?: string;
  constructor(readonly issues: { path: PropertyKey[]; message: string; code: string }[]) {
    super(issues[0]?.message ?? 'invalid request');
    this.name = 'RequestValidationError';
  }

  /** One entry per field, each naming it as the message does. */
  fieldErrors(): FieldError[] {
    return this.issues.map((issue) => ({
      param: fieldName(issue.path) || (this.validationContext ?? 'body'),
      message: issue.message,
      code: issue.code,
    }));
  }
}

/** `sections[0].bars`: the path as a user writes it (the engine's 422s name fields the same way). */
export function fieldName(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`))
    .join('');
}

/** Fastify's validator compiler for zod route schemas, with messages from `describeIssue`. */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema }) =>
  (data) => {
    const result = safeParse(schema, data, { error: describeIssue });
    if (result.success) return { value: result.data };
    return {
      error: new RequestValidationError(
        result.error.issues.map((issue) => ({ path: issue.path, message: issue.message, code: issue.code })),
      ),
    };
  };

const TYPE_NAMES: Record<string, string> = {
  int: 'a whole number',
  number: 'a number',
  string: 'a string',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

const quoteList = (values: readonly unknown[]) => values.map((value) => JSON.stringify(value)).join(', ');

/** What a value must be, in the user's terms, for one zod issue. */
export function describeIssue(issue: $ZodRawIssue): string {
  const field = fieldName(issue.path ?? []);
  const subject = field || 'the request';
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return `${subject} is required`;
      return `${subject} must be ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case 'too_big':
      return `${subject} must be ${sizeLimit('at most', 'less than', issue.maximum, issue.inclusive, issue.origin)}`;
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return `${subject} must not be empty`;
      if (issue.origin === 'array' && Number(issue.minimum) === 1)
        return `${subject} must not be an empty list`;
      return `${subject} must be ${sizeLimit('at least', 'more than', issue.minimum, issue.inclusive, issue.origin)}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `${subject} must be ${JSON.stringify(issue.values[0])}`
        : `${subject} must be one of ${quoteList(issue.values)}`;
    case 'unrecognized_keys':
      return `${field ? `${field} has` : 'the request has'} no field ${quoteList(issue.keys)}; check the spelling against the API reference`;
    case 'invalid_format':
      return `${subject} must be ${FORMATS[issue.format] ?? `in the ${issue.format} format`}`;
    case 'not_multiple_of':
      return `${subject} must be a multiple of ${String(issue.divisor)}`;
    case 'invalid_union':
      return `${subject} has a value of the wrong kind; see the API reference for what it takes`;
    default:
      return `${subject} is not valid`;
  }
}

const FORMATS: Record<string, string> = {
  url: 'an http:// or https:// URL',
  email: 'an email address',
  base64: 'base64-encoded',
  regex: 'in the documented format',
  uuid: 'a UUID',
  datetime: 'an ISO 8601 date and time',
};

function sizeLimit(
  inclusiveWords: string,
  exclusiveWords: string,
  limit: unknown,
  inclusive: boolean | undefined,
  origin: string,
): string {
  const words = inclusive === false ? exclusiveWords : inclusiveWords;
  const value = typeof limit === 'bigint' ? limit.toString() : String(limit);
  if (origin === 'string') return `${words} ${value} characters long`;
  if (origin === 'array' || origin === 'set') return `a list of ${words} ${value} items`;
  if (origin === 'file') return `${words} ${value} bytes`;
  return `${words} ${value}`;
}
