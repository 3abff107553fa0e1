import { readFileSync } from 'node:fs';
import type { OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { paths } from '../shared/app-paths.ts';
import { PAGE_PRELOADS_FILE, type PagePreloads } from '../shared/bff/page-preloads.ts';

const ROUTE_ENTRY = /\[paths\.(\w+)\]:\s*\(\)\s*=>\s*import\('([^']+)'\)/g;
const SHELL_ENTRY = /export const \w+Module = \(\) => import\('([^']+)'\)/g;

export interface RouteModuleSpecifiers {
  /** Page path and the specifier its module is imported by. */
  routes: [string, string][];
  /** The specifiers of the shell's parts (`shellModule`, `liveSyncModule`): every signed-in page loads them. */
  shell: string[];
}

/**
 * The page paths (names resolved by src/shared/app-paths.ts) and import specifiers of src/app/route-modules.ts,
 * read from its source: the table is the one
 * place that pairs a path with its module, and the build needs that pairing without running the app. Throws
 * when the file holds an import this does not understand, so a changed shape fails the build, not the preloads.
 */
export function parseRouteModules(
  source: string,
  pathTable: Readonly<Record<string, string>> = paths,
): RouteModuleSpecifiers {
  const routes = [...source.matchAll(ROUTE_ENTRY)].map((m): [string, string] => {
    const path = pathTable[m[1]!];
    if (path === undefined) throw new Error(`route-modules.ts: paths.${m[1]} is not in src/shared/app-paths.ts`);
    return [path, m[2]!];
  });
  const shell = [...source.matchAll(SHELL_ENTRY)].map((m) => m[1]!);
  const imports = source.match(/=>\s*import\(/g)?.length ?? 0;
  if (shell.length === 0 || routes.length === 0 || imports !== routes.length + shell.length) {
    throw new Error(
      `route-modules.ts: expected [paths.name]: () => import('…') entries and shell parts (export const xModule = …); ` +
        `understood ${routes.length} route(s) and ${shell.length} shell part(s) of ${imports} import(s).`,
    );
  }
  return { routes, shell };
}

/** What the computation needs of an output chunk. */
export interface ChunkFiles {
  fileName: string;
  facadeModuleId: string | null;
  /** Chunks it imports statically (file names). */
  imports: string[];
  /** Style files its modules import. */
  css: string[];
}

/**
 * For the shell and each page: the files a dynamic import of its module waits for (its chunk, the chunks that
 * chunk imports statically, all the way down, and their styles), leaving out what the page entry's HTML already
 * loads and, for pages, what the shell brings.
 */
export function collectPagePreloads(
  chunks: ChunkFiles[],
  ids: { pageEntry: string; shell: string[]; routes: [string, string][] },
): PagePreloads {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const byModule = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [c.facadeModuleId!, c]));
  const closure = (moduleId: string): string[] => {
    const start = byModule.get(moduleId);
    if (!start) throw new Error(`route preloads: no chunk is built for ${moduleId}`);
    const files: string[] = [];
    const css: string[] = [];
    const seen = new Set<string>();
    const visit = (chunk: ChunkFiles) => {
      if (seen.has(chunk.fileName)) return;
      seen.add(chunk.fileName);
      files.push(chunk.fileName);
      css.push(...chunk.css);
      for (const file of chunk.imports) {
        const next = byFile.get(file);
        if (next) visit(next);
      }
    };
    visit(start);
    return [...new Set([...files, ...css])];
  };
  const inHtml = new Set(closure(ids.pageEntry));
  const shell = [...new Set(ids.shell.flatMap((id) => closure(id)))].filter((f) => !inHtml.has(f));
  const withShell = new Set([...inHtml, ...shell]);
  const routes: Record<string, string[]> = {};
  for (const [path, moduleId] of ids.routes) routes[path] = closure(moduleId).filter((f) => !withShell.has(f));
  return { shell, routes };
}

/**
 * Writes PAGE_PRELOADS_FILE into the build (see src/shared/bff/page-preloads.ts for why). Builds without the
 * console's page entry (the benchmark's floor page reuses this config) get none.
 */
export function routePreloads(options: { routeModulesFile: string; pageEntry: string }): Plugin {
  return {
    name: 'realm-console:route-preloads',
    apply: 'build',
    async generateBundle(_output, bundle) {
      const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
      if (!chunks.some((c) => c.facadeModuleId === options.pageEntry)) return;
      const specifiers = parseRouteModules(readFileSync(options.routeModulesFile, 'utf8'));
      const resolveId = async (specifier: string) => {
        const resolved = await this.resolve(specifier, options.routeModulesFile);
        if (!resolved) throw new Error(`route preloads: cannot resolve ${specifier} from route-modules.ts`);
        return resolved.id;
      };
      const routes = await Promise.all(
        specifiers.routes.map(async ([path, specifier]): Promise<[string, string]> => [
          path,
          await resolveId(specifier),
        ]),
      );
      const preloads = collectPagePreloads(
        chunks.map((c) => ({
          fileName: c.fileName,
          facadeModuleId: c.facadeModuleId,
          imports: c.imports,
          css: [...(c.viteMetadata?.importedCss ?? [])],
        })),
        { pageEntry: options.pageEntry, shell: await Promise.all(specifiers.shell.map(resolveId)), routes },
      );
      this.emitFile({ type: 'asset', fileName: PAGE_PRELOADS_FILE, source: JSON.stringify(preloads) });
    },
  };
}
