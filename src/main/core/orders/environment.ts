import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Environment } from '../../../shared/ipc/channels/app';
import { openOrderStore } from './order-store-sqlite';
import { createOrdersService, type OrdersService, type OrdersServiceOptions } from './orders-service';

export interface OrdersSwitchOptions extends Omit<OrdersServiceOptions, 'store'> {
  environment(): Environment;
  /** `{dataDirectory}/sales/{environment}.sqlite`; none: in memory, for this run only. */
  dataDirectory?: string;
}

export interface OrdersSwitch {
  /** The current environment's service, opened (and its unfinished sales resumed) at first use. */
  current(): OrdersService;
  close(): void;
}

/** One sales database per environment, as the print queue keeps one journal per environment: sandbox sales never mix with real ones. */
export function createOrdersSwitch(options: OrdersSwitchOptions): OrdersSwitch {
  const opened = new Map<Environment, OrdersService>();
  const open = (environment: Environment): OrdersService => {
    let path = ':memory:';
    if (options.dataDirectory !== undefined) {
      mkdirSync(join(options.dataDirectory, 'sales'), { recursive: true });
      path = join(options.dataDirectory, 'sales', `${environment}.sqlite`);
    }
    const service = createOrdersService({ ...options, store: openOrderStore(path) });
    service.start();
    return service;
  };
  return {
    current() {
      const environment = options.environment();
      let service = opened.get(environment);
      if (service === undefined) {
        service = open(environment);
        opened.set(environment, service);
      }
      return service;
    },
    close() {
      for (const service of opened.values()) service.close();
      opened.clear();
    },
  };
}
