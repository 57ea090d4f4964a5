import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import {
  isPublicDepositPath,
  PUBLIC_DEPOSIT_PAGE,
} from './src/domain/routing/publicDepositPage.ts';

/**
 * The browser's bundles take the contracts without their input-limit options file (see
 * src/rpc/validateStub.ts); the server and the tests keep the real one.
 */
const VALIDATE_STUB = fileURLToPath(new URL('./src/rpc/validateStub.ts', import.meta.url));
const browserContracts = (): Plugin => ({
  name: 'seconde-browser-contracts',
  enforce: 'pre',
  apply: (_config, env) => !process.env.VITEST && env.command !== undefined,
  resolveId(source, importer) {
    if (importer?.includes('/src/rpc/gen/') && source.endsWith('/buf/validate/validate_pb'))
      return VALIDATE_STUB;
    return null;
  },
});

/** Blueprint's list of every icon name gives way to a check our own loader makes (see the stub). */
const ICON_NAMES_STUB = fileURLToPath(new URL('./src/ui/icons/iconNamesStub.ts', import.meta.url));
const blueprintIconNames = (): Plugin => ({
  name: 'seconde-blueprint-icon-names',
  enforce: 'pre',
  apply: (_config, env) => !process.env.VITEST && env.command !== undefined,
  resolveId(source, importer) {
    if (importer?.includes('/@blueprintjs/icons/') && /^\.\/iconNames(\.js)?$/.test(source))
      return ICON_NAMES_STUB;
    return null;
  },
});

/**
 * Blueprint's stylesheet without its icon-font glyphs (two copies of `.bp6-icon-<name>::before`
 * for 2,100 icons, a fifth of it gzipped): the app draws every icon it names as SVG paths (see
 * src/ui/icons) and never loads the icon font, so the glyphs could only ever show as blanks.
 */
const BLUEPRINT_CSS = '/@blueprintjs/core/lib/css/blueprint.css';
const ICON_GLYPH = /\n\.bp6-icon-[a-z0-9-]+::before\{\n {2}content:"\\[0-9a-f]+";\n\}\n/g;
const blueprintWithoutIconFont = (): Plugin => ({
  name: 'seconde-blueprint-without-icon-font',
  enforce: 'pre',
  transform(code, id) {
    if (!id.endsWith(BLUEPRINT_CSS)) return null;
    return { code: code.replace(ICON_GLYPH, '\n'), map: null };
  },
});

/** `npx vite` answers the public deposit flow's addresses with its light page, as the server does. */
const publicDepositPage = (): Plugin => ({
  name: 'seconde-public-deposit-page',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (req.headers.accept?.includes('text/html') && isPublicDepositPath(url.pathname))
        req.url = PUBLIC_DEPOSIT_PAGE;
      next();
    });
  },
});

/** Paths the Node server answers; `npx vite` beside `npm run dev` forwards them for hot reload. */
const SERVER_PATHS = ['/seconde.v1.', '/oidc', '/app-config.json', '/media', '/healthz'];
const backend = process.env.SECONDE_BACKEND ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    react(),
    browserContracts(),
    blueprintIconNames(),
    blueprintWithoutIconFont(),
    publicDepositPage(),
  ],
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 2000,
    // The app, and the public deposit form as its own light page.
    rolldownOptions: { input: ['index.html', 'public-deposit.html'] },
  },
  worker: { format: 'es', plugins: () => [browserContracts()] },
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
          // A real browser on two shared cores: a test that fails runs once more, and the report
          // names it flaky; one that fails twice fails the run.
          retry: 1,
          globalSetup: ['tests/browser/globalSetup.ts'],
        },
      },
    ],
  },
});
