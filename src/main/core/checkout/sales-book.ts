import type { Environment } from '../../../shared/ipc/channels/app';
import { CheckoutSale } from '../../../shared/ipc/channels/checkout';
import { createCheckoutSales, type CheckoutSales } from '../history/checkout-sales';
import { JournalUnavailableError } from '../history/errors';
import type { DatabaseSync } from '../history/sqlite';
import { silentLogger, type Logger } from '../ports';
import type { KeyValueStore } from '../settings/store';

/**
 * The recent sales of the current environment, kept in its history database (history/checkout-sales.ts)
 * so they survive a restart. Every call is synchronous once `ready` has resolved: a sale is read, changed
 * and written in one step.
 */
export interface SalesBook {
  /** Newest first. */
  list(limit?: number): CheckoutSale[];
  get(preferenceId: string): CheckoutSale | undefined;
  find(predicate: (sale: CheckoutSale) => boolean): CheckoutSale[];
  /** Adds a sale or replaces the one with its preference id, in the history of the sale's environment. */
  put(sale: CheckoutSale): void;
}

export interface CheckoutBook extends SalesBook {
  /** Resolves once the current environment's history is open (its sales imported); rejects when it cannot open. */
  ready(): Promise<void>;
  /** Keeps the sales of an environment in its opened history; given to the print switch's opener, closed before the history. */
  attach(db: DatabaseSync, environment: Environment): { close(): void };
}

export interface CheckoutBookOptions {
  /** Where the sales were kept before they moved to the history; read once per environment, never changed. */
  store: KeyValueStore;
  environment(): Environment;
  /** Resolves once the current environment's history is open (the print queue's switch opens it). */
  historyReady(): Promise<unknown>;
  logger?: Logger;
}

/** The settings file's key of an environment's sales before they moved to the history: imported once, then kept as it was. */
export const legacySalesKey = (environment: Environment): string => `checkout.sales.${environment}`;

/** The sales the settings file kept; one damaged entry (a hand-edited file, an older version) is left out, not the rest. */
function legacySales(store: KeyValueStore, environment: Environment): CheckoutSale[] {
  const stored = store.get(legacySalesKey(environment));
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((entry: unknown) => {
    const sale = CheckoutSale.safeParse(entry);
    return sale.success ? [sale.data] : [];
  });
}

export function createCheckoutBook(options: CheckoutBookOptions): CheckoutBook {
  const logger = options.logger ?? silentLogger;
  const attached = new Map<Environment, CheckoutSales>();
  const current = (): CheckoutSales | undefined => attached.get(options.environment());

  return {
    async ready() {
      await options.historyReady();
    },
    attach(db, environment) {
      const sales = createCheckoutSales(db, { logger });
      try {
        const { imported, alreadyDone } = sales.importOnce(() => legacySales(options.store, environment));
        if (!alreadyDone) logger.info('the checkout sales of the settings file were imported into the history', { environment, imported });
      } catch (error) {
        // Nothing of it was written (one transaction): the next start tries again; new sales need not wait for it.
        logger.error('the checkout sales of the settings file could not be imported', { environment, error: String(error) });
      }
      attached.set(environment, sales);
      return {
        close() {
          if (attached.get(environment) === sales) attached.delete(environment);
        },
      };
    },
    list: (limit) => current()?.list(limit) ?? [],
    get: (preferenceId) => current()?.get(preferenceId),
    find: (predicate) => (current()?.all() ?? []).filter(predicate),
    put(sale) {
      const sales = attached.get(sale.environment);
      // The history of another environment than the one open now (a switch under way): refused, never lost quietly.
      if (sales === undefined) throw new JournalUnavailableError(`the history of the ${sale.environment} environment is not open`);
      sales.put(sale);
    },
  };
}
