import type { Clock } from '../../../shared/clock';
import type { Environment } from '../../../shared/ipc/channels/app';
import type { DatabaseSync } from '../history/sqlite';
import type { StaffRecords } from '../history/staff-records';
import type { EventHub } from '../ipc/events';
import type { Logger } from '../ports';
import { createCallGuard } from './guard';
import { createStaffHandlers } from './handlers';
import type { PinCost } from './pin-hash';
import { createStaffService } from './staff-service';

export interface StaffAreaOptions {
  clock: Clock;
  events: EventHub;
  logger: Logger;
  counter(): string;
  opened(): Promise<unknown>;
  pinCost?: PinCost;
}

/**
 * The people at the counter: who is signed in, the dispatcher's guard over every call, the staff and
 * audit channels. Its rows live in the current environment's local database (`attach`); sharing them
 * through the store database is the store area's to add, over `service.records()`.
 */
export function createStaffArea(options: StaffAreaOptions) {
  const service = createStaffService(options);
  return {
    service,
    guard: createCallGuard(service),
    handlers: createStaffHandlers(service),
    attach: (db: DatabaseSync, environment: Environment) => service.attach(db, environment),
    /** What the store database may share: production's people only, never while the demo's (public PINs) are on. */
    sharedWithStore(environment: Environment): { records: StaffRecords; taken(): void } | undefined {
      const records = environment === 'production' && service.status().demo.length === 0 ? service.opened() : undefined;
      return records === undefined ? undefined : { records, taken: () => void service.changed() };
    },
  };
}

export type StaffArea = ReturnType<typeof createStaffArea>;
