import type { Clock } from '../../../shared/clock';
import type { Language } from '../../../shared/ipc/channels/app';
import type { ChannelHandlers } from '../ipc/dispatch';
import { cashierMessage } from '../platform/messages';
import { storeBoard, unfinishedElsewhere } from './board';
import { requestStoreCommand, StoreCommandError, storeCommand } from './commands';
import { storeCounters } from './counters';
import { StoreError, storeFailureCode, storeFailureReason } from './errors';
import { exportStorePrints, listStorePrints, storePrintDetail } from './queries';
import { printsCsvWith } from '../manager/csv';
import { textOf, type TextTable } from '../../../shared/i18n';

/** The store export's own columns, in the cashier's language like the rest of the header (the id one word, as the machine columns). */
const COUNTER_COLUMNS: TextTable<'counter' | 'counterId'> = {
  counter: { en: 'Counter', es: 'Mostrador' },
  counterId: { en: 'counter_id', es: 'id_mostrador' },
};
import type { StoreService } from './store-service';

export type StoreHandlers = Pick<
  ChannelHandlers,
  | 'store.status'
  | 'store.setPassword'
  | 'store.retrySetAside'
  | 'store.test'
  | 'store.prints'
  | 'store.print'
  | 'store.export'
  | 'store.board'
  | 'store.elsewhere'
  | 'store.command'
  | 'store.commandStatus'
>;

export interface StoreHandlerDependencies {
  store: StoreService;
  clock: Clock;
  language(): Language;
}

/** A read that the database refused becomes a store_* failure with the cashier's words (never internal_error). */
async function reading<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof StoreError) throw error;
    if (error instanceof StoreCommandError) throw new StoreError(error.code, error.message);
    const code = storeFailureCode(error);
    throw new StoreError(code, storeFailureReason(error), code === 'store_unreachable');
  }
}

/** The store.* channels over the store service: status and password, and the whole store's reads and commands. */
export function createStoreHandlers({ store, clock, language }: StoreHandlerDependencies): StoreHandlers {
  const messageFor = (code: string) => cashierMessage(code, language());
  const ownId = (): string => {
    const identity = store.identity();
    if (identity === undefined) throw new StoreError('store_disabled');
    return identity.id;
  };
  return {
    'store.status': () => store.status(),
    'store.setPassword': ({ password }) => store.setPassword(password),
    'store.retrySetAside': ({ seq }) => store.retrySetAside(seq),
    'store.test': () => store.test(language()),
    'store.prints': (request) => reading(() => listStorePrints(store.queryable(), request, messageFor, store.environment())),
    'store.print': (request) => reading(() => storePrintDetail(store.queryable(), request, messageFor, store.environment())),
    'store.export': (request) =>
      reading(async () => {
        const { items, capped } = await exportStorePrints(store.queryable(), request, messageFor, store.environment());
        const header = [textOf(COUNTER_COLUMNS, 'counter', language()), textOf(COUNTER_COLUMNS, 'counterId', language())];
        const csv = printsCsvWith(items, language(), { header, cells: (print) => [print.counterName, print.counterId] });
        return { csv, rows: items.length, capped };
      }),
    'store.board': ({ failuresSince }) =>
      reading(async () => {
        const identity = store.identity();
        if (identity === undefined) throw new StoreError('store_disabled');
        const client = store.queryable();
        const [lines, counters] = await Promise.all([
          storeBoard(client, { dayStartMs: Date.parse(failuresSince), messageFor, environment: store.environment() }),
          storeCounters(client, identity.storeId),
        ]);
        return { lines, counters, ownCounterId: identity.id, environment: store.environment(), at: new Date(clock.now()).toISOString() };
      }),
    'store.elsewhere': () => reading(() => unfinishedElsewhere(store.queryable(), { counterId: ownId(), environment: store.environment() }, messageFor)),
    'store.command': (ask) =>
      reading(() => {
        const requestedBy = store.identity()?.name ?? ownId();
        return requestStoreCommand(store.queryable(), { ...ask, requestedBy }, store.environment());
      }),
    'store.commandStatus': ({ id }) =>
      reading(async () => {
        const command = await storeCommand(store.queryable(), id);
        if (command === undefined) throw new StoreError('store_command_not_found');
        return command;
      }),
  };
}
