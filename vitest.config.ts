import { defineConfig } from 'vitest/config';

// One runner for the whole repo: `npm test` runs every project, `--project api` only the API.
export default defineConfig({
  test: {
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
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // PGlite instances are heavy; files run in parallel forks, two cores.
          pool: 'forks',
        },
      },
      './apps/web/vitest.config.ts',
      './apps/web/e2e/vitest.config.ts',
    ],
  },
});
