// Renders every failure as application/problem+json (API.md "Errors"); unknown errors become a
// generic 500 whose full detail goes only to the log, under the request id.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type ErrorCode, type FieldError, problemBody } from '../errors.js';

/** Sends a problem+json response for the given code. */
function sendProblem(
  reply: FastifyReply,
  code: ErrorCode,
  detail: string,
  extras: Record<string, unknown> & { headers?: Record<string, string> } = {},
): FastifyReply {
  const body = problemBody(code, detail, reply.request.id, extras);
  if (extras.headers) reply.headers(extras.headers);
  return reply
    .code(body.status as number)
    .type('application/problem+json')
    .send(body);
}

/** Installs the root error and not-found handlers. */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.detail);
      return sendProblem(reply, error.code, error.detail, error.extras);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldError[] = error.validation.map((issue) => {
        const location = error.validationContext ?? 'body';
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        // zod's own issue code (too_small, invalid_type…) is nested in params by the type provider.
        const zodCode = (issue.params as { issue?: { code?: string } } | undefined)?.issue?.code;
        return {
          param: path || location,
          message: issue.message ?? 'is invalid',
          code: zodCode ?? issue.keyword,
        };
      });
      const first = errors[0];
      const detail =
        errors.length === 1 && first
          ? `${first.param}: ${first.message}`
          : `${errors.length} fields are invalid: ${errors.map((e) => e.param).join(', ')}. See errors[] for each.`;
      return sendProblem(reply, 'validation_failed', detail, { param: first?.param ?? null, errors });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendProblem(
          reply,
          'payload_too_large',
          `Request bodies are limited to ${app.initialConfig.bodyLimit} bytes.`,
        );
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendProblem(
          reply,
          'unsupported_media_type',
          `Content-Type ${request.headers['content-type'] ?? '(none)'} is not supported; send application/json.`,
        );
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendProblem(reply, 'validation_failed', `The body is not valid JSON: ${error.message}`, {
          param: 'body',
        });
    }
    if (error.statusCode === 429) {
      return sendProblem(
        reply,
        'rate_limited',
        error.message || 'Too many requests; retry after the time in Retry-After.',
      );
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendProblem(reply, error.statusCode === 404 ? 'not_found' : 'validation_failed', error.message);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(
      reply,
      'internal_error',
      `Something went wrong on our side. Quote request id ${request.id} if you contact support.`,
    );
  });

  app.setNotFoundHandler((request, reply) =>
    sendProblem(
      reply,
      'not_found',
      `No route ${request.method} ${request.url.split('?')[0]}. See /docs for the API reference.`,
    ),
  );
}
