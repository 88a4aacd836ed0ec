import { availableParallelism } from 'node:os'
import { resolve } from 'node:path'
import { defineConfig } from 'vitest/config'

const root = import.meta.dirname

export default defineConfig({
  resolve: {
    alias: [
      { find: '@brand', replacement: resolve(root, 'tests/fixtures/brand-module.ts') },
      // the core's two public modules (tsconfig.json's paths say the same)
      { find: /^@core$/, replacement: resolve(root, 'src/index.ts') },
      { find: /^@core\/contract$/, replacement: resolve(root, 'src/contract.ts') },
    ],
  },
  test: {
    // Vitest's default is one worker fewer than the cores: one on CI's two. A worker per core (two at
    // the least) ran the unit and server tests in 572 s here against 825 s with one (2026-11-28).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'plugins/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup-unit.ts'],
          // a screen test renders through i18n and lazy modules: 5 s was too short on a loaded 2-core machine
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'build',
          environment: 'node',
          include: ['tests/build/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          setupFiles: ['tests/setup-server.ts'],
          globalSetup: ['tests/server-template.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // each test file's servers have their own database (a copy of the template on PGlite, a
          // schema of their own on PostgreSQL), so files run side by side
          fileParallelism: true,
        },
      },
    ],
  },
})
