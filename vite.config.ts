import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The dev server proxies /bff to the BFF started by `npm run dev` (BFF_DEV_PORT).
const bffPort = Number(process.env.BFF_DEV_PORT ?? 8080);

/**
 * Writes a .br and a .gz next to every built JS, CSS, HTML and SVG file, so the BFF serves compressed
 * bytes without compressing on each request (static-routes.ts, serveStatic's `precompressed`).
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'realm-console:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
        );
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json)$/.test(file)) continue;
        const raw = readFileSync(file);
        if (raw.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(raw, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
          }),
        );
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Popover/Menu/Tooltip/Combobox positioning and ScrollArea are for the signed-in pages only; left to
            // automatic chunking they share a chunk with Paper and Group, which the sign-in route then downloads.
            {
              name: 'overlays',
              includeDependenciesRecursively: false,
              // ScrollArea's utils stay out: SegmentedControl's indicator (on the sign-in page) uses one of them.
              test: /node_modules[\\/](@floating-ui[\\/]|@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/](?!utils[\\/]))/,
            },
            // Everything the first page needs in one file: left alone, rolldown splits the entry's modules into
            // several small chunks shared with lazy routes, and each is another request before the first render.
            { name: 'initial', tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/bff': { target: `http://127.0.0.1:${bffPort}` } },
  },
});
