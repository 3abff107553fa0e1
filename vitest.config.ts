import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['src/testing/setup.ts'],
    // Generous: no test waits on the clock, but the SQL-store tests (PGlite, in-process: opening it is a hook) take
    // many seconds of CPU, and a machine whose cores are busy elsewhere stretches them.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'threads',
  },
});
