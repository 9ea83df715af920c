// The request's caller lives in ../http/auth-context.ts (every feature's routes read it); this
// name stays for auth/'s own files, which set it.
export * from '../http/auth-context.js';
