// What a server needs to check a track request's fields without loading the engine itself (an
// API-only process never renders): `@trackforge/engine/request`.

export { parseKey } from './brief/key.js';
export { parseDuration } from './duration.js';
export { REQUEST_LIMITS } from './request-validation.js';
