import { existsSync, readdirSync, renameSync } from 'node:fs';
import { silentLogger, type Logger } from '../ports';
import { legacyDirectoryFiles } from './legacy-journal/files';
import { readLegacyJournal } from './legacy-journal/reader';
import { MARKERS } from './meta';
import type { JournalPrint } from './records/print';
import type { PrintHistory } from './print-history';

export interface JournalMigrationReport {
  /** Prints read from the old journal and written to the history. */
  imported: number;
  /** Prints whose content could not be read any more: kept, without content (a reprint is impossible). */
  withoutContent: string[];
  /** Where the old journal folder is kept. */
  movedTo: string;
}

/**
 * Imports the old segment/snapshot journal of one environment into the history, once, at first start:
 * every record the legacy reader can still read (legacy-journal/reader.ts: it skips damaged records
 * and writes nothing), in one transaction, then the folder is renamed `<folder>.migrated-<date>` and
 * kept. A crash between the commit and the rename is safe: the history's marker row says the import is
 * done, the next start only renames.
 */
export async function migrateOldJournal(
  history: PrintHistory,
  journalDirectory: string,
  options: { logger?: Logger; now?: () => number } = {},
): Promise<JournalMigrationReport | undefined> {
  const logger = options.logger ?? silentLogger;
  if (!existsSync(journalDirectory) || readdirSync(journalDirectory).length === 0) return undefined;
  const journal = await readLegacyJournal(legacyDirectoryFiles(journalDirectory), { logger });
  const withoutContent: string[] = [];
  async function* entries(): AsyncIterable<{ print: JournalPrint; content: string }> {
    for (const print of journal.prints()) {
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
  const { imported } = await history.importPrints(entries(), MARKERS.journalImport);
  const now = (options.now ?? Date.now)();
  const dated = `${journalDirectory}.migrated-${new Date(now).toISOString().slice(0, 10)}`;
  const movedTo = existsSync(dated) ? `${dated}-${now}` : dated;
  renameSync(journalDirectory, movedTo);
  logger.info('the old print journal was imported into the history', { imported, withoutContent: withoutContent.length });
  return { imported, withoutContent, movedTo };
}
