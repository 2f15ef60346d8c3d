import type { Environment } from '../../../shared/ipc/channels/app';
import { CheckoutSale } from '../../../shared/ipc/channels/checkout';
import type { KeyValueStore } from '../settings/store';

/**
 * The recent sales of each environment, kept in the KeyValueStore (electron-store in the app, `conf` in
 * the browser host) so they survive a restart. Bounded: the oldest sale goes when a new one would
 * exceed `maxSales`.
 */
export interface SalesBook {
  /** Newest first. */
  list(limit?: number): CheckoutSale[];
  get(preferenceId: string): CheckoutSale | undefined;
  find(predicate: (sale: CheckoutSale) => boolean): CheckoutSale[];
  /** Adds a sale or replaces the one with its preference id. */
  put(sale: CheckoutSale): void;
}

export const DEFAULT_MAX_SALES = 200;

const storeKey = (environment: Environment): string => `checkout.sales.${environment}`;

export function createSalesBook(store: KeyValueStore, environment: () => Environment, maxSales = DEFAULT_MAX_SALES): SalesBook {
  const loaded = new Map<Environment, CheckoutSale[]>();
  const byNewest = (list: readonly CheckoutSale[]): CheckoutSale[] => [...list].sort((left, right) => right.createdAt.localeCompare(left.createdAt));

  function salesOf(env: Environment): CheckoutSale[] {
    const cached = loaded.get(env);
    if (cached !== undefined) return cached;
    const stored = store.get(storeKey(env));
    // One damaged entry (a hand-edited file, an older version) is dropped, not the whole history.
    const parsed = Array.isArray(stored)
      ? stored.flatMap((entry: unknown) => {
          const sale = CheckoutSale.safeParse(entry);
          return sale.success ? [sale.data] : [];
        })
      : [];
    const ordered = byNewest(parsed);
    loaded.set(env, ordered);
    return ordered;
  }

  return {
    list: (limit) => salesOf(environment()).slice(0, limit ?? maxSales),
    get: (preferenceId) => salesOf(environment()).find((sale) => sale.preferenceId === preferenceId),
    find: (predicate) => salesOf(environment()).filter(predicate),
    put(sale) {
      const env = sale.environment;
      const next = byNewest([...salesOf(env).filter((existing) => existing.preferenceId !== sale.preferenceId), sale]).slice(0, maxSales);
      loaded.set(env, next);
      store.set(storeKey(env), next);
    },
  };
}
