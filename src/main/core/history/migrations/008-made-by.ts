import type { Migration } from './migration';

/**
 * Version 8: who made each print, and who approved it, as columns of `prints` (the manager's history filters
 * and exports by person, so they are indexed like every other filter, ending in seq). Terminal sales keep
 * theirs in their JSON record and checkout sales in theirs. Prints made before this have no person (null).
 */
export const MADE_BY = {
  sql: `
  ALTER TABLE prints ADD COLUMN person_id TEXT;
  ALTER TABLE prints ADD COLUMN person_name TEXT;
  ALTER TABLE prints ADD COLUMN approved_by_id TEXT;
  ALTER TABLE prints ADD COLUMN approved_by_name TEXT;
  CREATE INDEX prints_by_person ON prints (person_id, seq);
  `,
  tables: {},
} as const satisfies Migration;
