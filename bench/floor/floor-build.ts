import { fileURLToPath } from 'node:url';
import { mergeConfig, type UserConfig } from 'vite';
import base from '../../vite.config.ts';

/**
 * The console's build settings for one floor page (`page`, an HTML file beside this one), built alone into
 * bench/results/`outDir`: a page of its own, in place of the console's two, so its files are what it alone needs.
 */
export function floorBuild(page: string, outDir: string): UserConfig {
  return mergeConfig(base, {
    root: fileURLToPath(new URL('.', import.meta.url)),
    build: {
      outDir: fileURLToPath(new URL(`../results/${outDir}`, import.meta.url)),
      emptyOutDir: true,
      rolldownOptions: { input: fileURLToPath(new URL(page, import.meta.url)) },
    },
  });
}
