import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { contractPlugin } from './packages/client/src/build/contract-plugin.ts';

/** Component projects: the shared testing-library setup, and room for a slow first render. */
const dom = {
  setupFiles: [path.resolve(import.meta.dirname, 'scripts/testing/dom-setup.ts')],
  testTimeout: 15_000,
};

/**
 * One vitest run covers every workspace. Each project is one area with its own environment:
 * pure packages run in node, React code in happy-dom, the server against a real PostgreSQL
 * (global setup starts it once and builds a migrated template database), e2e in Chromium.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: './packages/domain', environment: 'node' } },
      { test: { name: 'fawry', root: './packages/fawry', environment: 'node', passWithNoTests: true } },
      {
        plugins: [contractPlugin({ app: 'web' })],
        test: { name: 'client', root: './packages/client', environment: 'happy-dom', ...dom },
      },
      {
        plugins: [contractPlugin()],
        test: { name: 'ui', root: './packages/ui', environment: 'happy-dom', ...dom },
      },
      {
        plugins: [contractPlugin({ app: 'web' })],
        test: { name: 'web', root: './apps/web', environment: 'happy-dom', passWithNoTests: true, ...dom },
      },
      {
        plugins: [contractPlugin({ app: 'admin' })],
        test: {
          name: 'admin',
          root: './apps/admin',
          environment: 'happy-dom',
          passWithNoTests: true,
          ...dom,
        },
      },
      {
        plugins: [contractPlugin()],
        test: {
          name: 'landing',
          root: './apps/landing',
          environment: 'happy-dom',
          passWithNoTests: true,
          ...dom,
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          environment: 'node',
          globalSetup: ['./src/testing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          root: './tests/e2e',
          environment: 'node',
          globalSetup: ['./global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
