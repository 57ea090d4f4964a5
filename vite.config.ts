import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Paths the Node server answers; `npx vite` beside `npm run dev` forwards them for hot reload. */
const SERVER_PATHS = ['/seconde.v1.', '/oidc', '/app-config.json', '/media', '/healthz'];
const backend = process.env.SECONDE_BACKEND ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 2000 },
  worker: { format: 'es' },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      SERVER_PATHS.map((p) => [p, { target: backend, changeOrigin: false }]),
    ),
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // Each file boots its own server and database; two cores run them one after another.
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 240_000,
          fileParallelism: false,
          globalSetup: ['tests/browser/globalSetup.ts'],
        },
      },
    ],
  },
});
