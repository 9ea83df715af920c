// One log line per request, written when the answer is sent: "GET /v1/tracks 200 3.1 ms". Fastify's
// own request logging writes two entries a request (incoming, completed), which on a developer's
// terminal buries the start banner and the dev mailbox's sign-in links.
import type { FastifyInstance } from 'fastify';

/** The fields of the line besides its message; pretty output on a terminal hides them (serve.ts). */
export const REQUEST_LOG_FIELDS = ['reqId', 'method', 'url', 'statusCode', 'responseTimeMs'] as const;

/** Sign-in tokens travel in the query string (GET /v1/auth/verify); they never reach a log. */
export const redactUrl = (url: string) => url.replace(/([?&]token=)[^&]*/g, '$1[redacted]');

export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const responseTimeMs = Math.round(reply.elapsedTime * 10) / 10;
    const url = redactUrl(request.url);
    const line = `${request.method} ${url} ${reply.statusCode} ${responseTimeMs} ms`;
    const fields = { method: request.method, url, statusCode: reply.statusCode, responseTimeMs };
    if (reply.statusCode >= 500) request.log.error(fields, line);
    else request.log.info(fields, line);
  });
}
