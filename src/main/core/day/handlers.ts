import type { z } from 'zod';
import type { dayChannels } from '../../../shared/ipc/channels/day';
import type { ChannelSpec } from '../../../shared/ipc/define';
import type { EventHub } from '../ipc/events';
import type { DayService } from './day-service';

type HandlersOf<Specs extends Record<string, ChannelSpec>> = {
  [C in keyof Specs]: (request: z.output<Specs[C]['request']>) => Promise<z.output<Specs[C]['response']>>;
};

/** The handlers of the day's channels, shaped to spread into the app core's ChannelHandlers. */
export type DayHandlers = HandlersOf<typeof dayChannels>;

export function createDayHandlers(service: DayService, events: EventHub): DayHandlers {
  /** Every screen showing the day hears of a shift opened, a sale recorded, a shift closed. */
  const changed = async <T>(result: T): Promise<T> => {
    events.emit('day.changed', await service.status());
    return result;
  };
  return {
    'day.status': () => service.status(),
    'day.openShift': async (request) => changed(await service.open(request)),
    'day.recordSale': async (request) => changed(await service.recordSale(request)),
    'day.xReport': (request) => service.x(request.shiftId),
    'day.closeShift': async (request) => changed(await service.close(request)),
    'day.zReports': async () => ({ reports: await service.zReports() }),
    'day.reprintZ': (request) => service.reprint(request.number, request.terminalId),
    'day.exportZ': (request) => service.exportZ(request.number, request.format),
    'day.reconcile': (request) => service.reconcile(request.shiftId),
    'day.explain': (request) => service.explain(request),
    'day.storeDay': () => service.storeDay(),
    'day.printStoreZ': (request) => service.printStoreZ(request.terminalId),
  };
}
