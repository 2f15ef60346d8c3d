import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import rules of eslint.config.js (DESIGN.md "Rules of the house"), checked on probe sources at
 * the paths they would have: `npm run lint` then refuses the same lines in real files.
 */
const eslint = new ESLint();

async function refusedImports(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => /'([^']+)' import/.exec(message.message)?.[1] ?? message.message);
}

const SANDBOX_APP = `import { createSandbox } from '../../sandbox/app';\nexport const start = createSandbox;\n`;

describe('import boundaries', () => {
  it('keeps the sandbox out of main, except for its starter and tests', async () => {
    expect(await refusedImports('src/main/core/print-queue/probe.ts', SANDBOX_APP)).toEqual(['../../sandbox/app']);
    expect(await refusedImports('src/main/electron/probe.ts', SANDBOX_APP)).toEqual(['../../sandbox/app']);
    expect(
      await refusedImports('src/main/embedded-sandbox.ts', `import { createSandbox } from '../sandbox/app';\nexport const start = createSandbox;\n`),
    ).toEqual([]);
    expect(await refusedImports('src/main/testing/probe.ts', SANDBOX_APP)).toEqual([]);
    expect(
      await refusedImports('src/main/host/probe.test.ts', `import { createSandbox } from '../../sandbox/app';\nexport const start = createSandbox;\n`),
    ).toEqual([]);
  });

  it('keeps the sandbox out of every file under src/main/core, its tests included (they reach it through src/main/testing)', async () => {
    expect(await refusedImports('src/main/core/print-queue/probe.test.ts', SANDBOX_APP)).toEqual(['../../sandbox/app']);
    expect(await refusedImports('src/main/core/store/testing/probe.ts', SANDBOX_APP)).toEqual(['../../sandbox/app']);
  });

  it('keeps main and the sandbox out of the renderer', async () => {
    const source = `import { createAppCore } from '../../../main/core/app-core';\nimport { createSandbox } from '../../../sandbox/app';\nexport const both = [createAppCore, createSandbox];\n`;
    expect(await refusedImports('src/renderer/src/features/probe.ts', source)).toEqual(['../../../main/core/app-core', '../../../sandbox/app']);
  });

  it('lets src/shared import none of the roots that import it', async () => {
    const source = `import { a } from '../../main/x';\nimport { b } from '../../renderer/src/y';\nimport { c } from '../../sandbox/z';\nimport { d } from './notifications';\nexport const all = [a, b, c, d];\n`;
    expect(await refusedImports('src/shared/platform/probe.ts', source)).toEqual(['../../main/x', '../../renderer/src/y', '../../sandbox/z']);
  });

  it('still keeps electron in the shells', async () => {
    const source = `import { app } from 'electron';\nexport const electronApp = app;\n`;
    expect(await refusedImports('src/main/core/probe.ts', source)).toEqual(['electron']);
    expect(await refusedImports('src/main/electron/probe.ts', source)).toEqual([]);
  });
});
