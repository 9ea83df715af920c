// Encryption at rest for values the server must read back (idempotent answers that carry an API
// key's or a signing secret's full value): AES-256-GCM under a key derived with HKDF-SHA256 from
// the server's secret (JWT_SECRET, or the generated one under DATA_DIR: auth/jwt-secret.ts), one
// key per purpose. The caller's context (the row's identity) is bound as additional data, so a
// sealed value copied to another row does not open. Format: `v1.<iv>.<ciphertext+tag>`, base64url.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretSealer {
  seal(plaintext: string, context: string): string;
  /** The plaintext, or undefined when the value was sealed under another key or context or was altered. */
  open(sealed: string, context: string): string | undefined;
}

/** A sealer for one purpose; another purpose (or another server secret) derives another key. */
export function createSecretSealer(serverSecret: Uint8Array, purpose: string): SecretSealer {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'trackforge secret sealing', purpose, 32));
  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${VERSION}.${iv.toString('base64url')}.${body.toString('base64url')}`;
    },
    open(sealed, context) {
      const [version, ivText, bodyText] = sealed.split('.');
      if (version !== VERSION || !ivText || !bodyText) return undefined;
      const iv = Buffer.from(ivText, 'base64url');
      const body = Buffer.from(bodyText, 'base64url');
      if (iv.length !== IV_BYTES || body.length < TAG_BYTES) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
        return Buffer.concat([
          decipher.update(body.subarray(0, body.length - TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}
