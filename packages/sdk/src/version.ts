/** This package's version, sent in the User-Agent. */
export const SDK_VERSION = '0.1.0';
/** The API version this SDK was written against, sent as `Trackforge-Version` on every request. */
export const API_VERSION = '2026-11-01';
