// Who is signed in: GET /v1/me once at start and after sign-in/out; 401 means signed out.
import type { Me } from '@trackforge/sdk';
import { useEffect, useState } from 'preact/hooks';
import { client, errorStatus } from './api.js';

export type SessionState = { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; me: Me };

let state: SessionState = { status: 'loading' };
const listeners = new Set<(next: SessionState) => void>();

function set(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener(next);
}

export async function refreshSession(): Promise<SessionState> {
  try {
    set({ status: 'signed-in', me: await client.me() });
  } catch (error) {
    if (errorStatus(error) !== 401 && errorStatus(error) !== 403) console.warn('GET /v1/me failed', error);
    set({ status: 'signed-out' });
  }
  return state;
}

export async function signOut(): Promise<void> {
  await client.auth.signout().catch(() => undefined);
  set({ status: 'signed-out' });
}

export function useSession(): SessionState {
  const [current, setCurrent] = useState(state);
  useEffect(() => {
    listeners.add(setCurrent);
    setCurrent(state);
    return () => {
      listeners.delete(setCurrent);
    };
  }, []);
  return current;
}
