import type { ChannelHandlers } from '../ipc/dispatch';
import type { OrdersService } from './orders-service';

export type OrdersHandlers = Pick<ChannelHandlers, 'orders.charge' | 'orders.get' | 'orders.list' | 'orders.cancel' | 'orders.refund'>;

/** The sale channels over the orders service; refusals are its typed SaleErrors, mapped by the dispatcher. */
export function createOrdersHandlers(service: () => OrdersService): OrdersHandlers {
  return {
    'orders.charge': (request) => service().charge(request),
    'orders.get': (request) => service().get(request.id),
    'orders.list': () => ({ sales: service().list() }),
    'orders.cancel': (request) => service().cancel(request.id),
    'orders.refund': (request) => service().refund(request),
  };
}
