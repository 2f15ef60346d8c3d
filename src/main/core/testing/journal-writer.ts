import { randomUUID } from 'node:crypto';
import { createDirectoryFiles } from '../print-queue/journal-files';
import { openPrintJournal } from '../print-queue/journal';
import { queuedPrint } from '../print-queue/records';

/**
 * A child process for the crash test: appends prints and transitions to the journal in a directory as
 * fast as it can, reporting on stdout each record once it is durable, until it is killed (SIGKILL).
 */
const directory = process.argv[2];
if (directory === undefined) throw new Error('usage: journal-writer DIRECTORY');
const journal = await openPrintJournal({ files: await createDirectoryFiles(directory), maxSegmentBytes: 16 * 1024 });
process.stdout.write(`READY ${journal.size()}\n`);
for (let round = 0; ; round++) {
  const id = randomUUID();
  const now = Date.now();
  await journal.append(
    queuedPrint({
      id,
      seq: journal.nextSeq(),
      terminalId: 'NEWLAND_N950__SBX0000001',
      subtype: 'custom',
      externalReference: `CRASH-${round}`,
      idempotencyKey: randomUUID(),
      at: now,
      contentBytes: 200,
      contentPreview: '',
    }),
    'x'.repeat(200 + (round % 7) * 50),
  ).durable;
  process.stdout.write(`ACK ${id} 0\n`);
  // Three transitions written together, as a busy queue would: they share syncs (group commit).
  const statuses = ['sending', 'created', 'processed'] as const;
  await Promise.all(
    statuses.map((status, index) =>
      journal.update(id, { status }, { status, at: Date.now(), reason: null }).durable.then(() => process.stdout.write(`ACK ${id} ${index + 1}\n`)),
    ),
  );
}
