// PGlite's own footprint: a process that opens a PGlite data directory, runs one query and
// reports its RSS, so the API's figure on PGlite can be read against it.
import { PGlite } from '@electric-sql/pglite';

const db = await PGlite.create(process.argv[2]);
await db.query('select 1');
await new Promise((resolve) => setTimeout(resolve, 2000));
process.stdout.write(`${process.memoryUsage().rss}\n`);
await db.close();
