import { join } from 'node:path';
import type { Environment } from '../../../shared/ipc/channels/app';
import { migrateOldSales } from '../history/migrate-sales';
import type { HistoryChanges } from '../history/history-changes';
import { createSalesHistory } from '../history/sales-history';
import type { DatabaseSync } from '../history/sqlite';
import { SaleError } from './errors';
import { createSalesService, type SalesService, type SalesServiceOptions } from './sales-service';

export interface SalesSwitchOptions extends Omit<SalesServiceOptions, 'store'> {
  environment(): Environment;
  /** Where an old `sales/{environment}.sqlite` may wait to be imported; none: nothing to import. */
  dataDirectory?: string;
  /** Resolves once the current environment's history is open (the print queue's switch opens it). */
  historyReady(): Promise<unknown>;
}

export interface SalesSwitch {
  /** The current environment's service, over its history once that is open. */
  current(): Promise<SalesService>;
  /** Starts the sales of an environment on its opened history; given to the print switch's opener. */
  attach(db: DatabaseSync, environment: Environment, changes?: HistoryChanges): { close(): void };
  close(): void;
}

/**
 * Sales live in the environment's history database beside its prints (docs/decisions.md "Charge on the
 * terminal"): they open when the history opens and stop before it closes, so only the current environment's
 * sales run, as only its prints do.
 */
export function createSalesSwitch(options: SalesSwitchOptions): SalesSwitch {
  const attached = new Map<Environment, SalesService>();
  return {
    attach(db, environment, changes) {
      const store = createSalesHistory(db, changes);
      if (options.dataDirectory !== undefined) {
        try {
          migrateOldSales(store, join(options.dataDirectory, 'sales', `${environment}.sqlite`), { logger: options.logger });
        } catch (error) {
          // The old file stays where it is, and the next start tries again; new sales need not wait for it.
          options.logger?.error('the old sales database could not be imported', { environment, error: error instanceof Error ? error.message : String(error) });
        }
      }
      const service = createSalesService({ ...options, store });
      service.start();
      attached.set(environment, service);
      return {
        close() {
          service.close();
          if (attached.get(environment) === service) attached.delete(environment);
        },
      };
    },
    async current() {
      // The history's own refusal speaks of the print journal; a cashier selling reads of sales.
      await options.historyReady().catch((error: unknown) => {
        throw new SaleError('sales_unavailable', error instanceof Error ? error.message : String(error));
      });
      const service = attached.get(options.environment());
      if (service === undefined) throw new SaleError('sales_unavailable', 'the history of this environment is not open');
      return service;
    },
    close() {
      for (const service of attached.values()) service.close();
      attached.clear();
    },
  };
}
