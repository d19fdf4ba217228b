import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** The front-end build id sent with every API request (header x-tertulia-build). */
function buildId(): string {
  if (process.env.VITE_BUILD_ID) return process.env.VITE_BUILD_ID;
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    return `${sha}-${Date.now().toString(36)}`;
  } catch {
    return `local-${Date.now().toString(36)}`;
  }
}

const api = 'http://127.0.0.1:3000';

/** Libraries in their own long-lived chunks, apart from the app's code. */
function vendorChunk(id: string): string | undefined {
  if (!id.includes('/node_modules/')) return undefined;
  if (/\/node_modules\/(@mui|@emotion|@popperjs|notistack)\//.test(id)) return 'mui';
  if (/\/node_modules\/(@apollo|graphql|graphql-ws|@wry|optimism|zen-observable|ts-invariant)\//.test(id)) return 'apollo';
  if (id.includes('/node_modules/luxon/')) return 'luxon';
  if (/\/node_modules\/(react|react-dom|react-router|react-router-dom|scheduler)\//.test(id)) return 'react';
  return undefined;
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  publicDir: false,
  define: { __BUILD_ID__: JSON.stringify(buildId()) },
  esbuild: { jsx: 'automatic' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps in builds: web/dist is served to anyone, and maps would publish the source.
    // The dev server (`vite`) still has them; the API server also refuses any *.map.
    sourcemap: false,
    rollupOptions: {
      output: { manualChunks: vendorChunk },
      onwarn(warning, warn) {
        // MUI ships 'use client' directives, meaningless in a client-only bundle.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' || warning.code === 'SOURCEMAP_ERROR') return;
        warn(warning);
      },
    },
  },
  server: {
    proxy: {
      '/graphql': { target: api, ws: true },
      '/dev': { target: api },
      '/healthz': { target: api },
      '/payments': { target: api },
      '/api': { target: api },
    },
  },
});
