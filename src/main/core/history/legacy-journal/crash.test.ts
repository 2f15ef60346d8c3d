import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { legacyDirectoryFiles } from './files';
import { readLegacyJournal } from './reader';

const writer = fileURLToPath(new URL('./testing/child.ts', import.meta.url));

const snapshotOf = (directory: string) => Object.fromEntries(readdirSync(directory).map((name) => [name, readFileSync(join(directory, name)).toString('hex')]));

/** Runs the writer until it has acknowledged some records, then kills it with SIGKILL mid-stream. */
function runAndKill(directory: string, killAfterAcks: number): Promise<Map<string, number>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', writer, directory], { stdio: ['ignore', 'pipe', 'pipe'] });
    const acked = new Map<string, number>();
    let buffer = '';
    let count = 0;
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        const [kind, id, rev] = line.split(' ');
        if (kind !== 'ACK' || id === undefined) continue;
        acked.set(id, Math.max(acked.get(id) ?? 0, Number(rev)));
        if (++count === killAfterAcks) child.kill('SIGKILL');
      }
    });
    child.on('exit', (code, signal) => (signal === 'SIGKILL' ? resolve(acked) : reject(new Error(`writer exited with ${code}: ${stderr}`))));
  });
}

describe('the legacy journal reader after SIGKILL', () => {
  it('reads every acknowledged record of a journal killed mid-write, kill after kill, and changes no file', async () => {
    const path = mkdtempSync(join(tmpdir(), 'counter-core-'));
    const directory = { path, remove: () => rmSync(path, { recursive: true, force: true }) };
    try {
      const everAcked = new Map<string, number>();
      for (const killAfter of [37, 150, 401]) {
        const acked = await runAndKill(directory.path, killAfter);
        for (const [id, rev] of acked) everAcked.set(id, rev);
        const before = snapshotOf(directory.path);
        const journal = await readLegacyJournal(legacyDirectoryFiles(directory.path));
        const prints = new Map(journal.prints().map((print) => [print.id, print]));
        for (const [id, rev] of everAcked) {
          const print = prints.get(id);
          expect(print, `acknowledged print ${id}`).toBeDefined();
          expect(print?.rev ?? -1).toBeGreaterThanOrEqual(rev);
          expect(print?.history.length).toBe((print?.rev ?? 0) + 1);
          expect((await journal.content(id)).length).toBeGreaterThanOrEqual(200);
        }
        const ids = journal.prints().map((print) => print.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(snapshotOf(directory.path)).toEqual(before);
      }
    } finally {
      directory.remove();
    }
  }, 60_000);
});
