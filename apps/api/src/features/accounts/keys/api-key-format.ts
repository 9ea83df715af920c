// The key format: tf_live_<key id>_<secret><checksum> (tf_test_ for test keys). The checksum
// (6 base64url characters of SHA-256 over everything before it) lets us refuse typos and
// made-up keys without touching the database, and lets secret scanners recognise real keys.
import { createHash } from 'node:crypto';
import type { Plan } from '../../../platform/http/auth-context.js';
import { isId } from '../../../platform/shared/ids.js';
import type { ApiKeyMode } from './api-key.table.js';

/** The plans whose workspaces may hold and use API keys. */
export const API_PLANS: readonly Plan[] = ['studio', 'enterprise'];

const KEY_PATTERN = /^tf_(live|test)_(key_[0-9A-HJKMNP-TV-Z]{26})_([A-Za-z0-9_-]{43})([A-Za-z0-9_-]{6})$/;

export interface ParsedApiKey {
  mode: ApiKeyMode;
  keyId: string;
  secret: string;
}

function checksumOf(body: string): string {
  return createHash('sha256').update(body).digest('base64url').slice(0, 6);
}

/** The full key shown once to its creator. */
export function formatApiKey(mode: ApiKeyMode, keyId: string, secret: string): string {
  const body = `tf_${mode}_${keyId}_${secret}`;
  return `${body}${checksumOf(body)}`;
}

/** True when the text starts like one of our keys (so it is not mistaken for a JWT). */
export function looksLikeApiKey(text: string): boolean {
  return text.startsWith('tf_live_') || text.startsWith('tf_test_');
}

/** The parts of a well-formed key whose checksum matches; null otherwise. Pure: no I/O. */
export function parseApiKey(text: string): ParsedApiKey | null {
  const match = KEY_PATTERN.exec(text);
  if (!match) return null;
  const [, mode, keyId, secret, checksum] = match as unknown as [string, ApiKeyMode, string, string, string];
  if (!isId('key', keyId)) return null;
  if (checksumOf(text.slice(0, -6)) !== checksum) return null;
  return { mode, keyId, secret };
}
