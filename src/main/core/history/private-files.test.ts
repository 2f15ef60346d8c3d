import { chmodSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openHistory } from './open';
import { samplePrint } from './test-prints';

const root = mkdtempSync(join(tmpdir(), 'counter-history-mode-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const modeOf = (file: string) => statSync(file).mode & 0o777;

describe.skipIf(process.platform === 'win32')('the history files', () => {
  it('are readable by this user only, the -wal and -shm beside it too', async () => {
    const file = join(root, 'history-sandbox.sqlite');
    const { history } = openHistory({ file });
    await history.append(samplePrint(1), 'hello').durable;
    for (const each of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(each), each).toBe(0o600);
    history.closeSync();
  });

  it('are narrowed to 0600 when an earlier version left them readable by others', () => {
    const file = join(root, 'history-production.sqlite');
    openHistory({ file }).history.closeSync();
    chmodSync(file, 0o644);
    writeFileSync(`${file}-wal`, '', { mode: 0o644 });
    const { history } = openHistory({ file });
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(`${file}-wal`)).toBe(0o600);
    history.closeSync();
  });

  it('leave no file named ":memory:" behind for an in-memory history', () => {
    const cwd = process.cwd();
    process.chdir(root);
    try {
      openHistory({ file: ':memory:' }).history.closeSync();
      expect(existsSync(join(root, ':memory:'))).toBe(false);
    } finally {
      process.chdir(cwd);
    }
  });
});
