import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { ModuleInfo } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { routePreloads } from './src/build/route-preloads-plugin.ts';
import { shellSkeleton } from './src/build/shell-skeleton-plugin.ts';

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

const projectRoot = fileURLToPath(new URL('.', import.meta.url));
// Vite makes each HTML page an entry module that imports the page's script.
const entries = { main: resolve(projectRoot, 'index.html'), 'sign-in': resolve(projectRoot, 'sign-in.html') };
const signInEntry = entries['sign-in'];
// The pages and their scripts stay in their own entry chunks: in a shared chunk, each page would run both.
const pageModules = new Set([
  ...Object.values(entries),
  resolve(projectRoot, 'src/app/main.tsx'),
  resolve(projectRoot, 'src/app/sign-in-main.tsx'),
]);
const notAPage = (id: string) => !pageModules.has(id);

// Modules the sign-in entry imports statically, directly or not, computed once per chunking pass (the pass
// reuses its ModuleInfo objects, so the entry's object is the key).
const signInClosures = new WeakMap<ModuleInfo, Set<string>>();
function signInClosure(getModuleInfo: (id: string) => ModuleInfo | null): Set<string> {
  const entry = getModuleInfo(signInEntry);
  if (!entry) return new Set();
  let closure = signInClosures.get(entry);
  if (!closure) {
    closure = new Set();
    const pending = [signInEntry];
    for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
      if (closure.has(id)) continue;
      closure.add(id);
      pending.push(...(getModuleInfo(id)?.importedIds ?? []));
    }
    signInClosures.set(entry, closure);
  }
  return closure;
}

export default defineConfig({
  plugins: [
    react(),
    routePreloads({
      routeModulesFile: resolve(projectRoot, 'src/app/route-modules.ts'),
      pageEntry: entries.main,
    }),
    shellSkeleton(resolve(projectRoot, 'src/build/shell-skeleton.html')),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      // /sign-in has an HTML page of its own (served by static-routes.ts) whose entry leaves out the router.
      input: entries,
      // Needed by experimentalInlineCommonChunks below; no page imports another's exports.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // Small modules shared by some lazy pages (a hook, a Mantine component, a query's options) would each
          // be a chunk of a few hundred bytes: /users needed 55 files. Over HTTP/1.1's six connections every
          // file costs a share of a round trip, so these are copied into the chunks that use them instead
          // (/users: 30 files; 40 ms RTT: first row 20 % sooner; +4 KB gzip of module-order wrappers).
          experimentalInlineCommonChunks: { maxSize: 8192 },
          groups: [
            // Popover/Menu/Tooltip/Combobox positioning and ScrollArea are for the signed-in pages only; left to
            // automatic chunking they share a chunk with Paper and Group, which the sign-in route then downloads.
            {
              name: 'overlays',
              includeDependenciesRecursively: false,
              // ScrollArea's utils stay out: SegmentedControl's indicator, which needs no overlay, uses one of them.
              test: /node_modules[\\/](@floating-ui[\\/]|@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/](?!utils[\\/]))/,
            },
            // What the first page needs in as few files as possible: left alone, rolldown splits the entries'
            // modules into several small chunks shared with lazy routes, each another request before the first
            // render. What the sign-in page needs comes first ('core', shared by both pages), the rest of the
            // console's entry second.
            {
              debugName: 'core',
              name: (id, ctx) => (signInClosure((m) => ctx.getModuleInfo(m)).has(id) ? 'core' : null),
              test: notAPage,
              tags: ['$initial'],
            },
            { name: 'initial', test: notAPage, tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/bff': { target: `http://127.0.0.1:${bffPort}` } },
  },
});
