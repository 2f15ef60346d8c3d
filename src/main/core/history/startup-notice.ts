import { failureText } from '../../../shared/i18n/failures';
import type { Environment, Language, StartupNotice } from '../../../shared/ipc/channels/app';
import type { JournalMigrationReport } from './migrate-journal';
import type { HistoryOpenReport } from './open';

/** What opening an environment's history found that the cashier must hear of: a salvaged database, or the old journal imported. */
export type HistoryReport =
  { kind: 'salvaged'; environment: Environment; open: HistoryOpenReport } | { kind: 'migrated'; environment: Environment; migration: JournalMigrationReport };

/** What the cashier is told at start about the history: a damaged database set aside, or the old journal imported. */
export function historyStartupNotice(report: HistoryReport, language: Language): StartupNotice {
  if (report.kind === 'migrated') {
    const { imported, movedTo } = report.migration;
    const values = { imported, copy: movedTo };
    return { code: 'journal_migrated', message: failureText('journal_migrated', language, values), values, backupPath: movedTo, fields: [] };
  }
  const salvage = report.open.salvage;
  const prints = salvage?.counts.prints;
  const kept = prints?.kept ?? report.open.prints;
  const lost = prints === undefined ? 0 : prints.invalid + prints.unreadable;
  const copy = salvage?.damagedCopy[0] ?? null;
  const values = { kept, lost, copy: copy ?? '' };
  return { code: 'history_salvaged', message: failureText('history_salvaged', language, values), values, backupPath: copy, fields: [] };
}
