// Builds the real app in-process on a fresh database with the real migrations.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AppDeps, buildApp } from '../../src/app.js';
import { composeServices, runApiWithApp, type ServiceOverrides, type Services } from '../../src/compose.js';
import { type Config, loadConfig } from '../../src/config.js';
import type { DatabaseHandle } from '../../src/platform/database/create-database.js';
import { type Clock, createManualClock } from '../../src/platform/shared/clock.js';
import { createTestDatabase, type DatabaseKind } from './databases.js';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  clock: ReturnType<typeof createManualClock>;
  services: Services;
  close(): Promise<void>;
}

/** What a test may hand in: stand-ins for services (compose.ts) and the app's own options. */
export type TestAppDeps = ServiceOverrides & Omit<AppDeps, 'services'>;

/**
 * A test configuration with a throw-away DATA_DIR; env overrides win. Request limits are out of
 * reach unless a test sets them: suites share one client address and one clock that rarely moves.
 */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'tf-test-')),
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_ANONYMOUS: '1000000',
    RATE_LIMIT_FREE: '1000000',
    RATE_LIMIT_STUDIO: '1000000',
    RATE_LIMIT_ENTERPRISE: '1000000',
    ...env,
  });
}

/** Builds the app on a fresh database of the given kind (or on `database`, made by the test). */
export async function createTestApp(
  kind: DatabaseKind = 'pglite',
  options: { env?: Record<string, string>; deps?: TestAppDeps; database?: DatabaseHandle } = {},
): Promise<TestApp> {
  const config = testConfig(options.env);
  const database = options.database ?? (await createTestDatabase(kind));
  const clock = createManualClock(new Date());
  const { app, services } = await buildTestApp({ config, database, clock, deps: options.deps });
  await app.ready();
  return {
    app,
    database,
    config,
    clock,
    services,
    async close() {
      await app.close();
      await services.stop(); // generation, when the suite started it
      await database.close();
    },
  };
}

/**
 * Composes the services on `database` and builds the app on them, as serve does: the API's loops
 * run from the app's ready until it closes. A second app on one database is a second process.
 */
export async function buildTestApp(options: {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  deps?: TestAppDeps;
}): Promise<{ app: FastifyInstance; services: Services }> {
  const { studioDir, docsDir, metrics, logger, loggerInstance, drain, ...overrides } = options.deps ?? {};
  const services = await composeServices(options.config, {
    db: options.database,
    clock: options.clock,
    overrides,
  });
  const app = await buildApp({ services, studioDir, docsDir, metrics, logger, loggerInstance, drain });
  runApiWithApp(app, services);
  return { app, services };
}
