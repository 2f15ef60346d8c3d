import { createManualClock, type ManualClock } from '../../../shared/clock';
import type { Role } from '../../../shared/staff/roles';
import { migrated } from '../history/schema';
import { sqlite, type DatabaseSync } from '../history/sqlite';
import type { StaffRow } from '../history/staff-records';
import { createEventHub } from '../ipc/events';
import { silentLogger } from '../ports';
import type { PinCost } from './pin-hash';
import { createStaffArea } from './staff-area';

/** A PIN hash cheap enough for tests (the real cost is measured in bench/pin). */
export const TEST_PIN_COST: PinCost = { N: 2 ** 10, r: 8, p: 1 };

/** A staff area over an in-memory (or given) database of the production environment, with no one in it yet. */
export function testStaff(options: { file?: string; clock?: ManualClock } = {}) {
  const clock = options.clock ?? createManualClock();
  const db: DatabaseSync = migrated(new (sqlite().DatabaseSync)(options.file ?? ':memory:'));
  const area = createStaffArea({
    clock,
    events: createEventHub(),
    logger: silentLogger,
    counter: () => 'counter-1',
    opened: async () => undefined,
    pinCost: TEST_PIN_COST,
  });
  const attached = area.attach(db, 'production');
  return {
    ...area,
    clock,
    db,
    add: (name: string, role: Role, pin: string): Promise<StaffRow> => area.service.people.add(name, role, pin),
    close() {
      attached.close();
      db.close();
    },
  };
}
