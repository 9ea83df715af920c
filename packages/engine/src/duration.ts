// Duration words and forms users type ("short", "45s", "2:30") → seconds, shared by the CLI and the API.

const NAMED_DURATIONS_SECONDS: Record<string, number> = { short: 30, standard: 120, long: 240 };
export const MIN_DURATION_SECONDS = 5;
export const MAX_DURATION_SECONDS = 600;

/** Parses "short" (30), "standard" (120), "long" (240), "45s", "2m", "2m30s", "2:30" or "90" into seconds in 5–600, else null. */
export function parseDuration(text: string): number | null {
  const normalised = text.trim().toLowerCase();
  let seconds: number | null = null;
  const named = NAMED_DURATIONS_SECONDS[normalised];
  if (named !== undefined) seconds = named;
  const clock = /^(\d{1,2}):([0-5]\d)$/.exec(normalised);
  if (clock) seconds = Number(clock[1]) * 60 + Number(clock[2]);
  const units =
    /^(?:(\d+(?:\.\d+)?)\s*(?:m|min|mins|minutes?))?\s*(?:(\d+(?:\.\d+)?)\s*(?:s|sec|secs|seconds?)?)?$/.exec(
      normalised,
    );
  if (seconds === null && units && (units[1] !== undefined || units[2] !== undefined)) {
    seconds = Number(units[1] ?? 0) * 60 + Number(units[2] ?? 0);
  }
  if (seconds === null || !Number.isFinite(seconds)) return null;
  if (seconds < MIN_DURATION_SECONDS || seconds > MAX_DURATION_SECONDS) return null;
  return seconds;
}
