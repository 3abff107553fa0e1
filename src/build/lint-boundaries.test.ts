import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The architecture's boundaries are only as good as the linter that enforces them. Each probe is a file that
 * does not exist on disk, linted in memory under a path inside src/ with the repository's own eslint.config.js:
 * each must be refused, by the named rule, however its import is spelled.
 */
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? `fatal: ${m.message}`);
}

// A real file of another feature, so the import resolves (an unresolvable one is refused by no-unresolved).
const channelsModule = 'channels/permissions';

describe('lint boundaries', () => {
  it('accepts a feature importing shared/, client/ and its own files (the probes below fail for their import alone)', async () => {
    const code = [
      "import { svcOpList } from '../../shared/svc/catalog';",
      "import { ApiError } from '../../client/api-error';",
      "import { STATUS_FILTERS } from './filter-users';",
      'export const probe = [svcOpList, ApiError, STATUS_FILTERS];',
      '',
    ].join('\n');
    expect(await ruleIds('src/features/users/probe.ts', code)).toEqual([]);
  });

  it.each([
    ['through src/', `import * as other from '../../features/${channelsModule}';\nexport const probe = other;\n`],
    ['through a ./ detour', `import * as other from './../${channelsModule}';\nexport const probe = other;\n`],
    ['by a dynamic import', `export const probe = () => import('../${channelsModule}');\n`],
    ['by a re-export', `export * from '../${channelsModule}';\n`],
  ])('refuses a feature importing another feature %s', async (_how, code) => {
    expect(await ruleIds('src/features/users/probe.ts', code)).toContain('import-x/no-restricted-paths');
  });

  it("refuses a feature's test importing another feature", async () => {
    const code = `import * as other from '../${channelsModule}';\nexport const probe = other;\n`;
    expect(await ruleIds('src/features/users/probe.test.ts', code)).toContain('import-x/no-restricted-paths');
  });

  it.each([
    ['node:fs', "import { readFileSync } from 'node:fs';\nexport const probe = readFileSync;\n"],
    ['fs', "import { readFileSync } from 'fs';\nexport const probe = readFileSync;\n"],
    ['react', "import { useState } from 'react';\nexport const probe = useState;\n"],
  ])('refuses %s inside src/shared', async (_name, code) => {
    expect(await ruleIds('src/shared/svc/probe.ts', code)).toContain('no-restricted-imports');
  });

  it("refuses a feature's form built with Mantine's useForm instead of useOpForm", async () => {
    const code = "import { useForm } from '@mantine/form';\nexport const probe = useForm;\n";
    expect(await ruleIds('src/features/users/probe.tsx', code)).toContain('no-restricted-imports');
  });

  it('refuses src/shared importing the BFF', async () => {
    const code = "import { loadConfig } from '../../server/config';\nexport const probe = loadConfig;\n";
    expect(await ruleIds('src/shared/svc/probe.ts', code)).toContain('import-x/no-restricted-paths');
  });

  it('refuses src/server importing src/client', async () => {
    const code = "import { ApiError } from '../client/api-error';\nexport const probe = ApiError;\n";
    expect(await ruleIds('src/server/probe.ts', code)).toContain('import-x/no-restricted-paths');
  });

  it('refuses the SPA test plumbing importing the BFF except through its test harness', async () => {
    const direct = "import { createApp } from '../server/app';\nexport const probe = createApp;\n";
    expect(await ruleIds('src/testing/probe.ts', direct)).toContain('import-x/no-restricted-paths');
    const harness =
      "import { createTestBff } from '../server/test-support/test-bff';\nexport const probe = createTestBff;\n";
    expect(await ruleIds('src/testing/probe.ts', harness)).not.toContain('import-x/no-restricted-paths');
    expect(
      await ruleIds(
        'src/features/users/probe.test.ts',
        `import * as h from '../../server/test-support/test-bff';\nexport const probe = h;\n`,
      ),
    ).toContain('import-x/no-restricted-paths');
  });

  it('refuses the BFF (outside its tests and main.ts) importing the simulators', async () => {
    const code = "import * as sim from '../sim/svc';\nexport const probe = sim;\n";
    expect(await ruleIds('src/server/probe.ts', code)).toContain('import-x/no-restricted-paths');
    expect(await ruleIds('src/server/probe.test.ts', code)).not.toContain('import-x/no-restricted-paths');
  });

  it('refuses an import the resolver cannot follow (it would slip past the boundaries)', async () => {
    const code = "import * as other from '../channels/no-such-module';\nexport const probe = other;\n";
    expect(await ruleIds('src/features/users/probe.ts', code)).toContain('import-x/no-unresolved');
  });

  it('refuses an import cycle', async () => {
    // roles.ts is re-exported by the svc index: importing the index back from roles.ts closes a loop.
    const code = "import { svcOpList } from './index';\nexport const probe = svcOpList;\n";
    expect(await ruleIds('src/shared/svc/roles.ts', code)).toContain('import-x/no-cycle');
  });

  it('refuses process.env outside the BFF config', async () => {
    expect(await ruleIds('src/server/probe.ts', 'export const probe = process.env.X;\n')).toContain('no-process-env');
  });

  it('refuses a file name that is not kebab-case', async () => {
    expect(await ruleIds('src/client/probeModule.ts', 'export const probe = 1;\n')).toContain(
      'check-file/filename-naming-convention',
    );
  });
});
