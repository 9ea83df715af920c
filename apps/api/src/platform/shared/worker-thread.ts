// Starting a worker thread from the sources (tsx) and from the build alike. From the sources a
// thread runs `<name>.ts`; from the build (scripts/build-api.mjs) every file sits flat in
// apps/api/dist/, so the same relative URL names the built `<name>.js` beside the caller.
import { Worker } from 'node:worker_threads';

/** The URL of the thread entry `name` (no extension) in the caller's folder. */
export function workerEntryUrl(callerUrl: string, name: string): URL {
  return new URL(callerUrl.endsWith('.ts') ? `./${name}.ts` : `./${name}.js`, callerUrl);
}

/** Starts a thread that can load TypeScript also when the parent registered tsx through its API. */
export function startWorkerThread(url: URL, workerData?: unknown): Worker {
  // Built JavaScript needs no loader (and a thread that registers one costs memory for nothing).
  if (!url.pathname.endsWith('.ts')) return new Worker(url, { workerData });
  let tsxApi: string | undefined;
  try {
    tsxApi = import.meta.resolve('tsx/esm/api');
  } catch {
    tsxApi = undefined;
  }
  if (!tsxApi) return new Worker(url, { workerData });
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`;
  return new Worker(bootstrap, { eval: true, workerData });
}
