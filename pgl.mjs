import { PGlite } from '@electric-sql/pglite';
let t = Date.now();
const a = await PGlite.create(); console.log('create', Date.now() - t);
t = Date.now(); const dump = await a.dumpDataDir('none'); console.log('dump', Date.now() - t, dump.size);
t = Date.now(); const b = await PGlite.create({ loadDataDir: dump }); console.log('create from dump', Date.now() - t);
t = Date.now(); const c = await PGlite.create(); console.log('create2', Date.now() - t);
t = Date.now(); const d = await a.clone?.(); console.log('clone', Date.now() - t, !!d);
