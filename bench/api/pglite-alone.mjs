// PGlite's own footprint: a process that opens a PGlite data directory, runs one query and
// reports its RSS, so the API's figure on PGlite can be read against it. The second argument sets
// shared_buffers (the API uses 32MB, database/create-database.ts); without it, PGlite's default.
import { PGlite } from '@electric-sql/pglite';

const sharedBuffers = process.argv[3];
const db = await PGlite.create(
  process.argv[2],
  sharedBuffers
    ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`] }
    : {},
);
await db.query('select 1');
await new Promise((resolve) => setTimeout(resolve, 2000));
process.stdout.write(`${process.memoryUsage().rss}\n`);
await db.close();
