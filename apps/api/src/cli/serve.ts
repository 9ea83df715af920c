// `serve`: the API, and WORKERS generation threads in the same process. Graceful shutdown on
// SIGTERM/SIGINT: drain first (/readyz answers 503 for DRAIN_DELAY_MS while requests are still
// served, so the load balancer stops sending new ones), then stop accepting, let in-flight requests
// finish, close WebSockets with 1012 so clients resume on another node by last_event_id, abort
// background work (webhook requests, mail, generation) and hand it back to the durable queue, then
// close the database — within SHUTDOWN_DEADLINE_MS after the drain whatever is pending; past it the
// process exits anyway and leases return whatever was still claimed.
import pino from 'pino';
import { buildApp } from '../app.js';
import { composeServices, runApiWithApp } from '../compose.js';
import type { Config } from '../config.js';
import { createDrain } from '../platform/health/drain.js';
import { REQUEST_LOG_FIELDS, redactUrl } from '../platform/http/request-log.js';
import { systemClock } from '../platform/shared/clock.js';
import { openRuntime } from '../runtime.js';
import { adminAnswer } from './admin.js';
import { apiKeyHint, demoAccountBanner, seedDemoAccount } from './dev-seed.js';
import { migratedByServerAnswer } from './migrate.js';
import { startOperatorChannel } from './operator-channel.js';

const SHUTDOWN_DEADLINE_MS = 9_000;

export async function serve(config: Config): Promise<void> {
  const runtime = await openRuntime(config);
  // One logger for the HTTP app and the services' background work.
  const log = pino({
    level: config.LOG_LEVEL,
    // Sign-in tokens travel in the query string (GET /v1/auth/verify); keep them out of logs.
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
    // On a developer's terminal: one readable line per entry (the request line's fields are in
    // its message). Piped or in production: JSON lines for a log collector.
    ...(process.stdout.isTTY && config.NODE_ENV !== 'production'
      ? {
          transport: {
            target: 'pino-pretty',
            options: {
              ignore: ['pid', 'hostname', ...REQUEST_LOG_FIELDS].join(','),
              translateTime: 'HH:MM:ss',
              singleLine: true,
            },
          },
        }
      : {}),
  });
  const services = await composeServices(config, { db: runtime.database, clock: systemClock, log });
  const demo = await seedDemoAccount(config, services);
  const drain = createDrain();
  const app = await buildApp({ services, drain, loggerInstance: log });
  // The API's loops (mail, events, purges, LISTENs) run from ready until the app has closed.
  runApiWithApp(app, services);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      app.log.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    closing = true;
    drain.begin();
    if (config.DRAIN_DELAY_MS > 0) {
      app.log.info(`${signal}: draining, /readyz answers 503 for ${config.DRAIN_DELAY_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, config.DRAIN_DELAY_MS));
    }
    app.log.info(`${signal}: finishing in-flight requests, handing background work back to the queue`);
    setTimeout(() => {
      app.log.warn(
        `shutdown took over ${SHUTDOWN_DEADLINE_MS} ms: exiting; unfinished jobs return when their leases end`,
      );
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    await operatorChannel?.close();
    // Generation hands its jobs back at once while in-flight requests finish.
    await Promise.all([app.close(), services.stop({ generation: true })]);
    await runtime.database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // This process owns the embedded database, so `admin` and `migrate` run in here (README "Operators").
  const operatorChannel =
    runtime.database.kind === 'pglite'
      ? await startOperatorChannel(config.DATA_DIR, async ({ command, args }) =>
          command === 'admin' ? adminAnswer(args, services) : migratedByServerAnswer(runtime.database.kind),
        )
      : undefined;
  // WORKERS=0 makes an API-only node; generation then runs in separate `worker` processes.
  if (config.WORKERS > 0) await services.start({ generation: true });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  process.stdout.write(
    `\nTrackforge is running on http://localhost:${port}  (database: ${runtime.database.kind}, docs: http://localhost:${port}/docs)\n`,
  );
  process.stdout.write(
    `${demo ? demoAccountBanner(demo.apiKey, `http://localhost:${port}`) : apiKeyHint(config)}\n`,
  );
}
