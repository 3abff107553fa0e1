import { fileURLToPath } from 'node:url';
import { mergeConfig, type PluginOption, type UserConfig } from 'vite';
import base, { COMPILE_HINTS } from '../../vite.config.ts';

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
  // Without the console's compile hints (vite.config.ts): a floor page compiles as any page does by default.
  const isHints = (p: PluginOption) => p !== null && typeof p === 'object' && 'name' in p && p.name === COMPILE_HINTS;
  const plugins = (merged.plugins ?? []).filter((p: PluginOption) => !isHints(p));
  return {
    ...merged,
    plugins,
    build: { ...merged.build, rolldownOptions: { ...merged.build?.rolldownOptions, input } },
  };
}
