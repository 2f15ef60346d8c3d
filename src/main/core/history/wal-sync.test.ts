import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WalSync } from './wal-sync';

const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

function database(): string {
  const directory = mkdtempSync(join(tmpdir(), 'counter-wal-'));
  directories.push(directory);
  const file = join(directory, 'history.sqlite');
  writeFileSync(`${file}-wal`, 'frames');
  return file;
}

describe('WalSync', () => {
  it('gives a commit made while a sync runs the next sync, shared by every commit made meanwhile', async () => {
    const sync = new WalSync(database());
    const first = sync.request();
    const second = sync.request();
    const third = sync.request();
    // The sync under way may have started before the second commit's write: the second waits for another.
    expect(second).not.toBe(first);
    expect(third).toBe(second);
    await Promise.all([first, second, third]);
    const afterwards = sync.request();
    expect(afterwards).not.toBe(second);
    await afterwards;
    sync.close();
  });

  it('fails the durable promise when the WAL cannot be synced, so nothing waiting on it is sent', async () => {
    const file = database();
    rmSync(`${file}-wal`);
    await expect(new WalSync(file).request()).rejects.toThrow(/ENOENT/);
  });
});
