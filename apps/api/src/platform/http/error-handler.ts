// Renders every failure as application/problem+json (API.md "Errors"); unknown errors become a
// generic 500 whose full detail goes only to the log, under the request id.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorCode, type FieldError, problemBody } from '../../errors.js';
import { newId } from '../shared/ids.js';
import { createAllowedMethods } from './allowed-methods.js';
import { RequestValidationError } from './validation.js';

const MAX_URL_LENGTH = 8192;

/** Headers that describe a file being sent (http/send-file.ts), never a problem. */
const FILE_HEADERS = ['etag', 'accept-ranges', 'cache-control', 'content-disposition'];

/** Sends a problem+json response for the given code. */
function sendProblem(
  publicUrl: string,
  reply: FastifyReply,
  code: ErrorCode,
  detail: string,
  extras: Record<string, unknown> & { headers?: Record<string, string> } = {},
): FastifyReply {
  const body = problemBody(publicUrl, code, detail, reply.request.id, extras);
  // A download that fails before its first byte (its track deleted meanwhile) had already described
  // the file; the problem is not that file, and no cache may keep it as one.
  for (const name of FILE_HEADERS) reply.removeHeader(name);
  if (extras.headers) reply.headers(extras.headers);
  // Framework errors (frameworkErrors below) are answered before the onRequest hooks ran.
  reply.header('x-request-id', reply.request.id);
  return reply
    .code(body.status as number)
    .type('application/problem+json')
    .send(body);
}

/**
 * Fastify's `frameworkErrors` option: failures of the router itself, before any hook. A path
 * parameter over maxParamLength (100) is 414; a path that is not valid percent-encoding is 400.
 */
export const createFrameworkErrorAnswer =
  (publicUrl: string) => (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
      return sendProblem(
        publicUrl,
        reply,
        'uri_too_long',
        'A path parameter is longer than 100 characters; no id is that long. Check the URL.',
        { param: 'path' },
      );
    }
    return sendProblem(
      publicUrl,
      reply,
      'validation_failed',
      'The URL path is not valid percent-encoded text.',
      {
        param: 'path',
      },
    );
  };

/**
 * Fastify's `clientErrorHandler` option: what Node's HTTP parser refuses before Fastify sees a
 * request (a request head over 16 KiB, a malformed request line or header, a timeout). Written on
 * the raw socket, still as problem+json with a request id.
 */
export const createClientErrorAnswer =
  (publicUrl: string) =>
  (error: NodeJS.ErrnoException, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [code, detail]: [ErrorCode, string] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? ['headers_too_large', 'The request line and headers exceed 16 KiB; send a shorter URL or headers.']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? ['request_timeout', 'The request did not arrive in time; send it again.']
          : ['validation_failed', 'The request is not valid HTTP/1.1 (check the request line and headers).'];
    const requestId = newId('req');
    const problem = problemBody(publicUrl, code, detail, requestId);
    const body = JSON.stringify(problem);
    if (!socket.writable) return void socket.destroy(error);
    socket.end(
      `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status as number]}\r\n` +
        'Connection: close\r\n' +
        'Content-Type: application/problem+json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `x-request-id: ${requestId}\r\n\r\n${body}`,
    );
  };

/** A field's message as the detail shows it: naming the field once ("duration: duration must…" was twice). */
function namingField(error: FieldError): string {
  const named = error.message.startsWith(error.param) || error.message.startsWith('the request');
  return named ? error.message : `${error.param}: ${error.message}`;
}

/** Installs the root error and not-found handlers; call before any route is registered. */
export function installErrorHandlers(app: FastifyInstance, options: { publicUrl: string }): void {
  const { publicUrl } = options;
  const allowedMethods = createAllowedMethods(app);
  // Fastify's own return503OnClosing answers plain JSON; this is the same rule as problem+json
  // (buildApp turns that option off).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (closing) {
      reply.header('connection', 'close');
      throw new AppError('unavailable', 'The server is shutting down; retry in a moment.', {
        headers: { 'retry-after': '1' },
      });
    }
    // Node refuses request heads over 16 KiB itself (431 above); no Trackforge URL needs half that.
    if (request.url.length > MAX_URL_LENGTH) {
      throw new AppError(
        'uri_too_long',
        `The URL has ${request.url.length} characters; the limit is ${MAX_URL_LENGTH}. Send large input in a JSON body.`,
        { param: 'path' },
      );
    }
  });
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.detail);
      return sendProblem(publicUrl, reply, error.code, error.detail, error.extras);
    }
    if (error instanceof RequestValidationError) {
      const errors = error.fieldErrors();
      const first = errors[0];
      const detail =
        errors.length === 1 && first
          ? namingField(first)
          : `${errors.length} fields are invalid: ${errors.map(namingField).join('; ')}.`;
      return sendProblem(publicUrl, reply, 'validation_failed', detail, {
        param: first?.param ?? null,
        errors,
      });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendProblem(
          publicUrl,
          reply,
          'payload_too_large',
          `Request bodies are limited to ${app.initialConfig.bodyLimit} bytes.`,
        );
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendProblem(
          publicUrl,
          reply,
          'unsupported_media_type',
          `Content-Type ${request.headers['content-type'] ?? '(none)'} is not supported; send application/json.`,
        );
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendProblem(
          publicUrl,
          reply,
          'validation_failed',
          `The body is not valid JSON: ${error.message}`,
          {
            param: 'body',
          },
        );
    }
    if (error.statusCode === 429) {
      return sendProblem(
        publicUrl,
        reply,
        'rate_limited',
        error.message || 'Too many requests; retry after the time in Retry-After.',
      );
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendProblem(
        publicUrl,
        reply,
        error.statusCode === 404 ? 'not_found' : 'validation_failed',
        error.message,
      );
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(
      publicUrl,
      reply,
      'internal_error',
      `Something went wrong on our side. Quote request id ${request.id} if you contact support.`,
    );
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = allowedMethods(path);
    if (allowed.length > 0) {
      return sendProblem(
        publicUrl,
        reply,
        'method_not_allowed',
        `${path} does not answer ${request.method}; it answers ${allowed.join(', ')}.`,
        { headers: { allow: allowed.join(', ') } },
      );
    }
    return sendProblem(
      publicUrl,
      reply,
      'not_found',
      `No route ${request.method} ${path}. See /docs for the API reference.`,
    );
  });
}
