import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The simulator must not run the console's code: a value import from shared/ fails the lint, a type-only
// import passes (types check nothing at run time).
describe('the chat simulator runs none of the console’s code', () => {
  const eslint = new ESLint();
  const lint = async (code: string) => {
    const [result] = await eslint.lintText(code, { filePath: 'src/sim/svc/handlers/probe.ts' });
    return (result?.messages ?? []).filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports');
  };

  it('refuses a schema, checker or constant from shared/', async () => {
    expect(await lint("import { svcOps } from '../../../shared/svc';\nexport const ops = svcOps;\n")).toHaveLength(1);
    expect(
      await lint(
        "import { checkLinkifier } from '../../../shared/svc/linkifiers';\nexport const c = checkLinkifier;\n",
      ),
    ).toHaveLength(1);
  });

  it('allows naming a type', async () => {
    expect(await lint("import type { User } from '../../../shared/svc';\nexport type U = User;\n")).toHaveLength(0);
  });
});
