import type { Clock } from '../../../shared/clock';
import type { Environment, Language } from '../../../shared/ipc/channels/app';
import type { ChannelHandlers } from '../ipc/dispatch';
import type { EventHub } from '../ipc/events';
import type { PlatformClient } from '../platform/client';
import type { Logger } from '../ports';
import type { PrintQueue } from '../print-queue/print-queue';
import { readSettingsLeniently, type KeyValueStore } from '../settings/store';
import { createTerminalSalesHandlers, type TerminalSalesHandlers } from './handlers';
import { cardOfPayment, createReceiptPrinter } from './receipt';
import { createSaleReceiptHandlers, createSaleReceiptTemplates, type SaleReceiptHandlers } from './receipt-template';
import type { SalesPolicy } from './sales-service';
import type { MadeBy } from '../../../shared/staff/made-by';
import { createSalesSwitch, type SalesSwitch } from './sales-switch';

export interface SalesAreaOptions {
  environment(): Environment;
  dataDirectory?: string;
  platform: PlatformClient;
  /** Where the store's receipt template is kept. */
  settingsStore: KeyValueStore;
  /** The current environment's print queue (opening the local database the sales live in). */
  prints(): Promise<PrintQueue>;
  events: EventHub;
  clock: Clock;
  language(): Language;
  logger: Logger;
  policy?: Partial<SalesPolicy>;
  /** Who makes a charge now (the staff's caller of the call being handled). */
  actor?: () => MadeBy | null;
}

export interface SalesArea {
  readonly sales: SalesSwitch;
  readonly handlers: TerminalSalesHandlers & SaleReceiptHandlers & Partial<ChannelHandlers>;
}

/** Sales charged on a terminal, with the store's receipt printed after approval, wired. */
export function createSalesArea(options: SalesAreaOptions): SalesArea {
  const { platform, events } = options;
  const templates = createSaleReceiptTemplates(options.settingsStore);
  // Sales share the environment's local database: they start when the print switch opens it.
  const sales = createSalesSwitch({
    environment: options.environment,
    dataDirectory: options.dataDirectory,
    historyReady: options.prints,
    orders: () => platform.orders,
    paymentCard: async (paymentId) => cardOfPayment(await platform.payments.get(paymentId)),
    clock: options.clock,
    language: options.language,
    logger: options.logger,
    onChange: (sale) => events.emit('terminalSale.changed', sale),
    policy: options.policy,
    ...(options.actor === undefined ? {} : { actor: options.actor }),
    printReceipt: createReceiptPrinter({
      queue: options.prints,
      template: () => templates.current(),
      language: options.language,
      // A sale nobody signed in made: the counter's own name (Settings, store database) stands for who sold.
      cashier: () => readSettingsLeniently(options.settingsStore.get('settings')).settings.storeDatabase.counterName,
    }),
  });
  return { sales, handlers: { ...createTerminalSalesHandlers(sales.current), ...createSaleReceiptHandlers(templates) } };
}
