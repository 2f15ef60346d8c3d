import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../testing/harness';
import { createDirectoryFiles } from './journal-files';
import { openPrintJournal } from './journal';

const writer = fileURLToPath(new URL('../testing/journal-writer.ts', import.meta.url));

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

describe('journal under SIGKILL', () => {
  it('loses no acknowledged record and replays cleanly, kill after kill', async () => {
    const directory = temporaryDirectory();
    try {
      const everAcked = new Map<string, number>();
      for (const killAfter of [37, 150, 401]) {
        const acked = await runAndKill(directory.path, killAfter);
        for (const [id, rev] of acked) everAcked.set(id, rev);
        const journal = await openPrintJournal({ files: await createDirectoryFiles(directory.path), maxSegmentBytes: 16 * 1024 });
        for (const [id, rev] of everAcked) {
          const print = journal.get(id);
          expect(print, `acknowledged print ${id}`).toBeDefined();
          expect(print?.rev ?? -1).toBeGreaterThanOrEqual(rev);
          expect(print?.history.length).toBe((print?.rev ?? 0) + 1);
          expect((await journal.content(id)).length).toBeGreaterThanOrEqual(200);
        }
        const references = [...journal.values()].map((print) => print.id);
        expect(new Set(references).size).toBe(references.length);
        await journal.close();
      }
    } finally {
      directory.remove();
    }
  }, 60_000);
});
