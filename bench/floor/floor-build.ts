import { fileURLToPath } from 'node:url';
import { mergeConfig, type UserConfig } from 'vite';
import base from '../../vite.config.ts';

/**
 * The console's build settings for floor pages (`pages`, HTML files beside this one), built alone into
 * bench/results/`outDir`: pages of their own, in place of the console's two, so their files are what they alone need.
 */
export function floorBuild(pages: string | string[], outDir: string): UserConfig {
  const merged = mergeConfig(base, {
    root: fileURLToPath(new URL('.', import.meta.url)),
    build: {
      outDir: fileURLToPath(new URL(`../results/${outDir}`, import.meta.url)),
      emptyOutDir: true,
    },
  });
  // Set, not merged: merging would add the floor pages to the console's own two entries.
  const input = (Array.isArray(pages) ? pages : [pages]).map((page) => fileURLToPath(new URL(page, import.meta.url)));
  return { ...merged, build: { ...merged.build, rolldownOptions: { ...merged.build?.rolldownOptions, input } } };
}
