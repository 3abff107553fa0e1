import { fileURLToPath } from 'node:url';
import { mergeConfig } from 'vite';
import base from '../../vite.config.ts';

/** The console's build settings, for the floor page (bench/floor/main.tsx). */
export default mergeConfig(base, {
  root: fileURLToPath(new URL('.', import.meta.url)),
  build: {
    outDir: fileURLToPath(new URL('../results/floor-dist', import.meta.url)),
    emptyOutDir: true,
    // One page: the floor's own, in place of the console's two.
    rolldownOptions: { input: fileURLToPath(new URL('index.html', import.meta.url)) },
  },
});
