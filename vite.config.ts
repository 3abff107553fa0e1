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

/**
 * V8's compile hint (Chrome 136+; elsewhere a comment) at the top of the pages' chunks: every function in the file
 * is compiled with the file, off the main thread as it streams, instead of on the main thread at its first call.
 * Signing in spent 68 ms of its first render compiling functions on first call (a trace of the real-server
 * sign-in); with the hint, 35 ms. Not on the files the sign-in page loads, where most of Mantine never runs and the
 * first keystroke must not wait, nor on the console's entry chunk: it holds libraries of which much never runs
 * (schemas, the router's and the query cache's unused paths), and marked it made a direct load of /users about
 * 30 ms slower in the bench. Added last: the comment counts only as the file's first line, and Vite puts its
 * preload map at the top of chunks that import others lazily.
 */
export const COMPILE_HINTS = 'realm-console:compile-hints';
export function compileHints(lazyCompiled: ReadonlySet<string>): Plugin {
  return {
    name: COMPILE_HINTS,
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && !lazyCompiled.has(chunk.name))
            chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
        }
      },
    },
  };
}

/** The chunks the sign-in page loads (see the `core` group below), and the console's entry chunk. */
const LAZY_COMPILED_CHUNKS = new Set(['core', 'sign-in', 'rolldown-runtime', 'initial']);

export default defineConfig({
  plugins: [
    react(),
    routePreloads({
      routeModulesFile: resolve(projectRoot, 'src/app/route-modules.ts'),
      pageEntry: entries.main,
    }),
    shellSkeleton(resolve(projectRoot, 'src/build/shell-skeleton.html')),
    compileHints(LAZY_COMPILED_CHUNKS),
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
