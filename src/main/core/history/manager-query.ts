import type { ListPrintsRequest } from '../../../shared/ipc/channels/prints';
import type { SqlValue } from './rows';

type SortField = ListPrintsRequest['sort']['field'];

/** Each manager sort key's column: each has an index ending in seq (schema.ts), seq breaks ties. */
const SORT_COLUMNS: Readonly<Record<SortField, string>> = {
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  terminalId: 'terminal_id',
  subtype: 'subtype',
  status: 'status',
  externalReference: 'reference_key',
  attempts: 'attempts',
  lastError: 'last_error_code',
};

export interface ManagerSql {
  /** `WHERE …` (or '') with its parameters. */
  where: string;
  parameters: SqlValue[];
  orderBy: string;
  limit: number;
  offset: number;
}

/**
 * The manager's question (query.ts's `queryPrints`, the same rules) as SQL: filters on indexed
 * columns, the sort key then seq in the same direction, the page as LIMIT/OFFSET.
 */
export function managerSql(request: ListPrintsRequest): ManagerSql {
  const { filters, sort, page } = request;
  const clauses: string[] = [];
  const parameters: SqlValue[] = [];
  if (filters.terminalId !== undefined) {
    clauses.push('terminal_id = ?');
    parameters.push(filters.terminalId);
  }
  if (filters.status !== undefined) {
    clauses.push(`status IN (${filters.status.map(() => '?').join(', ')})`);
    parameters.push(...filters.status);
  }
  if (filters.subtype !== undefined) {
    clauses.push('subtype = ?');
    parameters.push(filters.subtype);
  }
  if (filters.personId !== undefined) {
    clauses.push('person_id = ?');
    parameters.push(filters.personId);
  }
  if (filters.from !== undefined) {
    clauses.push('created_at >= ?');
    parameters.push(Date.parse(filters.from));
  }
  if (filters.to !== undefined) {
    clauses.push('created_at < ?');
    parameters.push(Date.parse(filters.to));
  }
  const search = filters.search?.trim().toLowerCase();
  if (search !== undefined && search !== '') {
    // instr, not LIKE: a search for "%" or "_" means those characters.
    clauses.push('instr(reference_key, ?) > 0');
    parameters.push(search);
  }
  const direction = sort.direction === 'asc' ? 'ASC' : 'DESC';
  return {
    where: clauses.length === 0 ? '' : `WHERE ${clauses.join(' AND ')}`,
    parameters,
    orderBy: `ORDER BY ${SORT_COLUMNS[sort.field]} ${direction}, seq ${direction}`,
    limit: page.size,
    offset: page.index * page.size,
  };
}
