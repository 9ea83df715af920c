// The only place the SDK reads the environment. Browsers have no `process`, so every read is guarded.

/** An environment variable, or undefined (always undefined in a browser). */
export function readEnv(name: string): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const value = env?.[name]?.trim();
  return value ? value : undefined;
}

/** "node 20.20.2; linux x64", "deno 2.1", "browser", …: the runtime half of the User-Agent. */
export function describeRuntime(): string {
  const g = globalThis as {
    process?: { versions?: { node?: string; bun?: string }; platform?: string; arch?: string };
    Deno?: { version?: { deno?: string } };
    navigator?: { userAgent?: string };
  };
  if (g.Deno?.version?.deno) return `deno ${g.Deno.version.deno}`;
  if (g.process?.versions?.bun) return `bun ${g.process.versions.bun}`;
  if (g.process?.versions?.node) {
    return `node ${g.process.versions.node}; ${g.process.platform ?? 'unknown'} ${g.process.arch ?? ''}`.trim();
  }
  return 'browser';
}

/** True in Node, Bun or Deno, where the User-Agent header may be set and `ws` may be loaded. */
export function isServerRuntime(): boolean {
  return describeRuntime() !== 'browser';
}

/** The page's origin when running in a browser page (http/https), so a same-origin client needs no baseURL. */
export function browserPageOrigin(): string | undefined {
  if (isServerRuntime()) return undefined;
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin;
  return origin && /^https?:\/\//.test(origin) ? origin : undefined;
}
