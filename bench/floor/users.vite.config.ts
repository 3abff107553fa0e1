import { fileURLToPath } from 'node:url';
import { mergeConfig } from 'vite';
import base from '../../vite.config.ts';

/**
 * The console's build settings, for the users floor page (bench/floor/users.tsx). A build of its own, so that
 * the sign-in floor's files stay what that page alone needs.
 */
export default mergeConfig(base, {
  root: fileURLToPath(new URL('.', import.meta.url)),
  build: {
    outDir: fileURLToPath(new URL('../results/floor-users-dist', import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: { input: fileURLToPath(new URL('users.html', import.meta.url)) },
  },
});
