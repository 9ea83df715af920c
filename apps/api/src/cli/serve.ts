// `serve`: the API (and, once jobs land, in-process workers). Graceful shutdown on SIGTERM/SIGINT:
// stop accepting, let in-flight requests finish, then close the database.
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import { openRuntime } from '../runtime.js';

export async function serve(config: Config): Promise<void> {
  const runtime = await openRuntime(config);
  const app = await buildApp({
    config,
    database: runtime.database,
    logger: {
      level: config.LOG_LEVEL,
      ...(process.stdout.isTTY && config.NODE_ENV !== 'production'
        ? {
            transport: {
              target: 'pino-pretty',
              options: { ignore: 'pid,hostname', translateTime: 'HH:MM:ss' },
            },
          }
        : {}),
    },
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      app.log.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    closing = true;
    app.log.info(`${signal}: finishing in-flight requests`);
    await app.close();
    await runtime.database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  process.stdout.write(
    `\nTrackforge is running on http://localhost:${port}  (database: ${runtime.database.kind}, docs: http://localhost:${port}/docs)\n`,
  );
}
