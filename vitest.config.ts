import { defineConfig } from 'vitest/config';

// One runner for the whole repo: `npm test` runs every project, `--project api` only the API.
// The cluster test (compiled server × 3, PostgreSQL, Swift, HAProxy) is a project of its own that
// exists only with CLUSTER=1: `npm run test:cluster` (CI's last step).
const cluster = process.env.CLUSTER === '1';
export default defineConfig({
  test: {
    // Two files at once. Vitest's default on a two-core machine is one (cores − 1), which left one
    // core idle: a PGlite or jsdom test file runs on one thread, and an end-to-end file mostly waits
    // on Chromium and the server.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          root: './apps/api',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'test/cluster/**'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // PGlite instances are heavy: each file in a fork of its own.
          pool: 'forks',
          // On PGlite, one migrated database that each file's starts from (test/support).
          globalSetup: ['./test/support/pglite-template.ts'],
        },
      },
      ...(cluster
        ? [
            {
              test: {
                name: 'cluster',
                root: './apps/api',
                include: ['test/cluster/**/*.test.ts'],
                environment: 'node',
                testTimeout: 120_000,
                hookTimeout: 180_000,
                // One file at a time: each starts processes of its own.
                fileParallelism: false,
              },
            },
          ]
        : []),
      './apps/web/vitest.config.ts',
      './apps/web/e2e/vitest.config.ts',
    ],
  },
});
