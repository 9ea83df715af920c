// Builds the studio into dist/: index.html plus content-hashed files under /studio/assets/, which
// the API serves with a year-long cache. The SDK is imported from its sources (the `source` export
// condition), so no SDK build is needed first.
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/studio/',
  resolve: { conditions: ['source'] },
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    // The SDK loads `ws` and Node's file and stream modules only on servers (saving a download to a
    // file); the browser build never reaches those imports, so they stay out of it, without
    // Vite's "externalized for browser compatibility" warning on every build.
    rollupOptions: { external: ['ws', 'node:fs', 'node:stream', 'node:stream/promises'] },
    reportCompressedSize: false,
  },
  server: { proxy: { '/v1': { target: 'http://localhost:8080', ws: true } } },
});
