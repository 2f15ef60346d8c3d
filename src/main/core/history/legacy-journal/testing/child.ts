import { randomUUID } from 'node:crypto';
import { samplePrint } from '../../test-prints';
import { openLegacyJournalWriter } from './writer';

/**
 * A child process for the legacy reader's crash test: writes prints and transitions in the old journal's
 * format as fast as it can, reporting on stdout each record once it is on disk, until it is killed (SIGKILL).
 */
const directory = process.argv[2];
if (directory === undefined) throw new Error('usage: child.ts DIRECTORY');
const writer = openLegacyJournalWriter(directory, { segmentBytes: 16 * 1024, sync: true });
process.stdout.write('READY\n');
for (let round = 0; ; round++) {
  const id = randomUUID();
  const now = Date.now();
  writer.append(
    samplePrint(round + 1, {
      id,
      terminalId: 'NEWLAND_N950__SBX0000001',
      externalReference: `CRASH-${round}`,
      createdAt: now,
      updatedAt: now,
      history: [{ status: 'queued', at: now, reason: null }],
      contentBytes: 200,
      contentPreview: '',
    }),
    'x'.repeat(200 + (round % 7) * 50),
  );
  process.stdout.write(`ACK ${id} 0\n`);
  for (const [index, status] of (['sending', 'created', 'processed'] as const).entries()) {
    writer.update(id, { status }, { status, at: Date.now(), reason: null });
    process.stdout.write(`ACK ${id} ${index + 1}\n`);
  }
  // Lets the parent's kill land between records as well as inside one.
  if (round % 5 === 0) await new Promise((resolve) => setImmediate(resolve));
}
