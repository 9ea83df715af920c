// Placeholder for the typed client (`client.tracks.create`, …); see README.md.
export const SDK_VERSION = '0.1.0';
