import { existsSync, readdirSync, renameSync } from 'node:fs';
import { silentLogger, type Logger } from '../ports';
import { openPrintJournal } from '../print-queue/journal';
import { createDirectoryFiles, type JournalFiles } from '../print-queue/journal-files';
import type { JournalPrint } from '../print-queue/records';
import type { PrintHistory } from './print-history';

export interface JournalMigrationReport {
  /** Prints read from the old journal and written to the history. */
  imported: number;
  /** Prints whose content could not be read any more: kept, without content (a reprint is impossible). */
  withoutContent: string[];
  /** Where the old journal folder is kept. */
  movedTo: string;
}

/** The old journal's files with every write turned into nothing: the migration reads, never repairs. */
function readOnly(files: JournalFiles): JournalFiles {
  const nothing = async () => undefined;
  return {
    list: () => files.list(),
    chunks: (name, from) => files.chunks(name, from),
    read: (name, offset, length) => files.read(name, offset, length),
    openSegment: async () => ({ writesAreDurable: true, writeAt: nothing, sync: nothing, close: nothing }),
    openAppend: async () => ({ append: nothing, sync: nothing, close: nothing }),
    rename: nothing,
    remove: nothing,
    syncDirectory: nothing,
  };
}

/**
 * Imports the old segment/snapshot journal of one environment into the history, once, at first start:
 * every record the old reader can still read (it skips damaged ones, journal.ts), in one transaction,
 * then the folder is renamed `<folder>.migrated-<date>` and kept. A crash between the commit and the
 * rename is safe: the history's marker row says the import is done, the next start only renames.
 */
export async function migrateOldJournal(
  history: PrintHistory,
  journalDirectory: string,
  options: { logger?: Logger; now?: () => number } = {},
): Promise<JournalMigrationReport | undefined> {
  const logger = options.logger ?? silentLogger;
  if (!existsSync(journalDirectory) || readdirSync(journalDirectory).length === 0) return undefined;
  const journal = await openPrintJournal({ files: readOnly(await createDirectoryFiles(journalDirectory)), logger, sync: false });
  const withoutContent: string[] = [];
  async function* entries(): AsyncIterable<{ print: JournalPrint; content: string }> {
    for (const print of journal.values()) {
      let content = '';
      try {
        content = await journal.content(print.id);
      } catch (error) {
        logger.warn('a print of the old journal has no readable content', { id: print.id, error: String(error) });
        withoutContent.push(print.id);
      }
      yield { print: { ...print, history: [...print.history] }, content };
    }
  }
  let imported: number;
  try {
    imported = (await history.importPrints(entries(), 'journal-import')).imported;
  } finally {
    await journal.close();
  }
  const now = (options.now ?? Date.now)();
  const dated = `${journalDirectory}.migrated-${new Date(now).toISOString().slice(0, 10)}`;
  const movedTo = existsSync(dated) ? `${dated}-${now}` : dated;
  renameSync(journalDirectory, movedTo);
  logger.info('the old print journal was imported into the history', { imported, withoutContent: withoutContent.length });
  return { imported, withoutContent, movedTo };
}
