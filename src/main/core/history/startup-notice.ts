import type { Environment, Language, StartupNotice } from '../../../shared/ipc/channels/app';
import { failureText } from '../../../shared/i18n/failures';
import { SALVAGED_KINDS, salvagedValues, startupNoticeText, type SalvagedCount, type SalvagedKind } from '../../../shared/i18n/startup-notices';
import type { JournalMigrationReport } from './migrate-journal';
import type { HistoryOpenReport } from './open';
import { lostRows, type SalvageCounts } from './salvage';
import { TABLE_ROLES, TABLES } from './schema';

/** What opening an environment's history found that the cashier must hear of: a salvaged database, or the old journal imported. */
export type HistoryReport =
  { kind: 'salvaged'; environment: Environment; open: HistoryOpenReport } | { kind: 'migrated'; environment: Environment; migration: JournalMigrationReport };

/**
 * One kind's count from its tables: kept and lost are the records' (one row each), lost `unknown` when a
 * table of them cannot say how many rows it held; `partial` when rows belonging to kept records were lost.
 */
function kindCount(counts: SalvageCounts, kind: SalvagedKind): SalvagedCount {
  const tables = TABLES.filter((table) => TABLE_ROLES[table].kind === kind);
  const records = tables.filter((table) => TABLE_ROLES[table].holds === 'records');
  const lost = records.map((table) => lostRows(counts[table]));
  return {
    kept: records.reduce((sum, table) => sum + counts[table].kept, 0),
    lost: lost.includes(null) ? 'unknown' : lost.reduce<number>((sum, rows) => sum + (rows ?? 0), 0),
    partial: tables.some((table) => TABLE_ROLES[table].holds === 'parts' && lostRows(counts[table]) !== 0),
  };
}

/** What the cashier is told at start about the history: a damaged database set aside (what was kept and lost, kind by kind), or the old journal imported. */
export function historyStartupNotice(report: HistoryReport, language: Language): StartupNotice {
  if (report.kind === 'migrated') {
    const { imported, movedTo } = report.migration;
    const values = { imported, copy: movedTo };
    return { code: 'journal_migrated', message: failureText('journal_migrated', language, values), values, backupPath: movedTo, fields: [] };
  }
  const salvage = report.open.salvage;
  const copy = salvage?.damagedCopy[0] ?? null;
  const values: Record<string, string | number> = { copy: copy ?? '' };
  for (const kind of SALVAGED_KINDS) {
    const count = salvage === undefined ? { kept: kind === 'prints' ? report.open.prints : 0, lost: 0, partial: false } : kindCount(salvage.counts, kind);
    Object.assign(values, salvagedValues(kind, count));
  }
  const notice: StartupNotice = { code: 'history_salvaged', message: '', values, backupPath: copy, fields: [] };
  return { ...notice, message: startupNoticeText(notice, language).message };
}
