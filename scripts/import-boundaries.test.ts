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

  it('keeps each renderer feature out of the others, climbing out with ../ or naming features/ outright', async () => {
    const source = `import { useTerminalSales } from '../sell/api';\nimport { sellMessages } from '../sell/messages';\nimport { CounterScreen } from '../../features/counter/CounterScreen';\nexport const all = [useTerminalSales, sellMessages, CounterScreen];\n`;
    expect(await refusedImports('src/renderer/src/features/manager/probe.tsx', source)).toEqual([
      '../sell/api',
      '../sell/messages',
      '../../features/counter/CounterScreen',
    ]);
    // A file in a feature's subfolder climbs one level more to reach a sibling feature.
    const nested = `import { useCharge } from '../../sell/api';\nimport { filterRequest } from '../filters';\nexport const both = [useCharge, filterRequest];\n`;
    expect(await refusedImports('src/renderer/src/features/manager/store/probe.tsx', nested)).toEqual(['../../sell/api']);
    expect(
      await refusedImports(
        'src/renderer/src/features/sell/probe.test.ts',
        `import { SalesPanel } from '../manager/SalesPanel';\nexport const panel = SalesPanel;\n`,
      ),
    ).toEqual(['../manager/SalesPanel']);
  });

  it('lets a feature import its own files and the shared places: components, lib, api, i18n and src/shared', async () => {
    const source = [
      `import { SalesPanel } from './SalesPanel';`,
      `import { WholeStoreView } from './store/WholeStoreView';`,
      `import { PrintTimeline } from '../../components/print-timeline/PrintTimeline';`,
      `import { checkInvoice } from '../../lib/invoice';`,
      `import { useTerminalSales } from '../../api/terminal-sales';`,
      `import { useFeatureT } from '../../i18n';`,
      `import { TerminalSale } from '../../../../shared/ipc/channels/terminal-sales';`,
      `export const all = [SalesPanel, WholeStoreView, PrintTimeline, checkInvoice, useTerminalSales, useFeatureT, TerminalSale];`,
      '',
    ].join('\n');
    expect(await refusedImports('src/renderer/src/features/manager/probe.tsx', source)).toEqual([]);
    expect(
      await refusedImports(
        'src/renderer/src/features/manager/store/probe.tsx',
        `import { filterRequest } from '../filters';\nexport const filter = filterRequest;\n`,
      ),
    ).toEqual([]);
  });

  it('still keeps main, the sandbox and electron out of a renderer feature (its block replaces the renderer-wide one)', async () => {
    const source = `import { app } from 'electron';\nimport { createAppCore } from '../../../../main/core/app-core';\nimport { createSandbox } from '../../../../sandbox/app';\nexport const all = [app, createAppCore, createSandbox];\n`;
    expect(await refusedImports('src/renderer/src/features/counter/probe.ts', source)).toEqual([
      'electron',
      '../../../../main/core/app-core',
      '../../../../sandbox/app',
    ]);
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
