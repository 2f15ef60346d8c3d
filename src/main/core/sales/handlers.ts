import type { ChannelHandlers } from '../ipc/dispatch';
import type { SalesService } from './sales-service';

export type TerminalSalesHandlers = Pick<
  ChannelHandlers,
  'terminalSales.charge' | 'terminalSales.get' | 'terminalSales.list' | 'terminalSales.cancel' | 'terminalSales.refund' | 'terminalSales.resolve'
>;

/** The sale channels over the orders service; refusals are its typed SaleErrors, mapped by the dispatcher. */
export function createTerminalSalesHandlers(service: () => Promise<SalesService>): TerminalSalesHandlers {
  return {
    'terminalSales.charge': async (request) => (await service()).charge(request),
    'terminalSales.get': async (request) => (await service()).get(request.id),
    'terminalSales.list': async () => ({ sales: (await service()).list() }),
    'terminalSales.cancel': async (request) => (await service()).cancel(request.id),
    'terminalSales.refund': async (request) => (await service()).refund(request),
    'terminalSales.resolve': async (request) => (await service()).resolve(request),
  };
}
