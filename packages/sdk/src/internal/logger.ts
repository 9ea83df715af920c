// Debug logging, off by default: `TRACKFORGE_LOG=debug` (or the `logLevel` option) prints each request,
// answer and retry. Credentials never reach the log.

export type LogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug';

/** Anything with console's methods; pass pino, winston or console. */
export interface Logger {
  error(message: string, ...rest: unknown[]): void;
  warn(message: string, ...rest: unknown[]): void;
  info(message: string, ...rest: unknown[]): void;
  debug(message: string, ...rest: unknown[]): void;
}

const RANK: Record<LogLevel, number> = { off: 0, error: 1, warn: 2, info: 3, debug: 4 };

export function parseLogLevel(value: string | undefined): LogLevel | undefined {
  return value && value in RANK ? (value as LogLevel) : undefined;
}

/** A logger that drops messages below level and prefixes the rest with `[trackforge]`. */
export function createLevelLogger(level: LogLevel, sink: Logger): Logger {
  const at =
    (wanted: Exclude<LogLevel, 'off'>) =>
    (message: string, ...rest: unknown[]) => {
      if (RANK[level] >= RANK[wanted]) sink[wanted](`[trackforge] ${message}`, ...rest);
    };
  return { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') };
}

/** Headers as a plain object for the log, with credentials redacted. */
export function headersForLog(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = name === 'authorization' || name === 'cookie' ? '***' : value;
  });
  return out;
}
