import type { ChannelHandlers } from '../ipc/dispatch';
import type { OrdersService } from './orders-service';

export type OrdersHandlers = Pick<ChannelHandlers, 'orders.charge' | 'orders.get' | 'orders.list' | 'orders.cancel' | 'orders.refund'>;

/** The sale channels over the orders service; refusals are its typed SaleErrors, mapped by the dispatcher. */
export function createOrdersHandlers(service: () => Promise<OrdersService>): OrdersHandlers {
  return {
    'orders.charge': async (request) => (await service()).charge(request),
    'orders.get': async (request) => (await service()).get(request.id),
    'orders.list': async () => ({ sales: (await service()).list() }),
    'orders.cancel': async (request) => (await service()).cancel(request.id),
    'orders.refund': async (request) => (await service()).refund(request),
  };
}
