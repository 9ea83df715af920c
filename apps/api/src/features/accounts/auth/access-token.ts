// Short-lived access tokens (JWT, HS256) returned by /v1/auth/verify. Claims: sub (user), wsp
// (workspace), sid (session). The session is checked on every use, so signing out ends them at once.
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../../platform/shared/clock.js';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'trackforge';
/** Tolerated difference between API nodes' clocks for a token's iat. */
const CLOCK_SKEW_SECONDS = 60;

export interface AccessTokenClaims {
  userId: string;
  workspaceId: string;
  sessionId: string;
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;

export function createAccessTokens({ secret, clock }: { secret: Uint8Array; clock: Clock }) {
  return {
    async sign(claims: AccessTokenClaims): Promise<string> {
      const nowSeconds = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ wsp: claims.workspaceId, sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setIssuedAt(nowSeconds)
        .setExpirationTime(nowSeconds + ACCESS_TOKEN_TTL_SECONDS)
        .sign(secret);
    },

    /** The claims of a valid, unexpired token; null for anything else. */
    async verify(token: string): Promise<AccessTokenClaims | null> {
      try {
        // Without requiredClaims, jose accepts a token that has no exp at all: one signed without
        // it (a leaked secret, a bug) would never expire. iat must be present and not in the
        // future, and the lifetime no longer than we ever issue.
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          currentDate: clock.now(),
          requiredClaims: ['exp', 'iat', 'sub'],
        });
        const { sub, wsp, sid, exp, iat } = payload;
        if (typeof sub !== 'string' || typeof wsp !== 'string' || typeof sid !== 'string') return null;
        const nowSeconds = Math.floor(clock.now().getTime() / 1000);
        if (typeof exp !== 'number' || typeof iat !== 'number') return null;
        if (iat > nowSeconds + CLOCK_SKEW_SECONDS || exp - iat > ACCESS_TOKEN_TTL_SECONDS) return null;
        return { userId: sub, workspaceId: wsp, sessionId: sid };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}

/** True when text has the shape of a JWT (three base64url parts), to tell it from an API key. */
export function looksLikeJwt(text: string): boolean {
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(text);
}
