/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

// The repo is ESM; Jest runs it as CommonJS compiled by SWC (docs/design.md, stack notes). ESM-only dependencies are compiled too.
const config: Config = {
  testEnvironment: 'node',
  roots: ['<rootDir>/server', '<rootDir>/client', '<rootDir>/scripts', '<rootDir>/form/src', '<rootDir>/form/e2e'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  // Third-party apps kept whole as fixtures bring their own tests (for their own runner): not ours to run.
  testPathIgnorePatterns: ['/node_modules/', '/testing/real-apps/'],
  transform: {
    '^.+\\.(t|j|mj)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!(jose|openapi-fetch|request-filtering-agent)/)'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testTimeout: 20000,
  // One set of npm start's servers and one Chromium for all of the form's end-to-end files, started by the first of
  // them that runs (form/e2e/servers.ts): the setup only makes the folder they share, the teardown stops them.
  globalSetup: '<rootDir>/form/e2e/shared/global-setup.mjs',
  globalTeardown: '<rootDir>/form/e2e/shared/global-teardown.mjs',
  // Most suites wait on sockets, timers, child processes and Chromium: three workers keep two cores busy.
  maxWorkers: 3,
  // Known-slow files first on a fresh clone too (no times cached yet): see the file.
  testSequencer: '<rootDir>/scripts/test-sequencer.mjs',
  // Every skipped test listed at the end with its reason (Jest shows nothing of a file whose tests all skip).
  reporters: ['default', '<rootDir>/scripts/skip-reporter.mjs'],
  // A worker that grew past this after a file is replaced: three long-lived heaps would crowd the machine's memory.
  workerIdleMemoryLimit: '768MB',
};

export default config;
