import type { z } from 'zod';
import type { ChannelSpec, IpcResult } from './define';
import { appChannels, appEvents } from './channels/app';
import { checkoutChannels, checkoutEvents } from './channels/checkout';
import { dayChannels, dayEvents } from './channels/day';
import { credentialsChannels, credentialsEvents } from './channels/credentials';
import { managerChannels, managerEvents } from './channels/manager';
import { terminalSalesChannels, terminalSalesEvents } from './channels/terminal-sales';
import { printsChannels, printsEvents } from './channels/prints';
import { storeChannels, storeEvents } from './channels/store';
import { saleReceiptChannels } from './channels/sale-receipt';
import { templateChannels } from './channels/templates';
import { terminalsChannels } from './channels/terminals';
import { logChannels } from './channels/log';
import { diagnosticsChannels } from './channels/diagnostics';
import { updatesChannels } from './channels/updates';
import { staffChannels, staffEvents } from './channels/staff';
import { backlogChannels, backlogEvents } from './channels/backlog';
import { setupChannels } from './channels/setup';

/**
 * The IPC contract: every channel the renderer may call and every event main pushes. The preload,
 * main's ipcMain binding and the browser host are all derived from these two maps.
 * Feature areas add their own `channels/*.ts` and are spread in here.
 */
export const channels = {
  ...appChannels,
  ...credentialsChannels,
  ...terminalsChannels,
  ...printsChannels,
  ...templateChannels,
  ...checkoutChannels,
  ...managerChannels,
  ...terminalSalesChannels,
  ...storeChannels,
  ...saleReceiptChannels,
  ...logChannels,
  ...diagnosticsChannels,
  ...updatesChannels,
  ...staffChannels,
  ...dayChannels,
  ...backlogChannels,
  ...setupChannels,
} satisfies Record<string, ChannelSpec>;

export const events = {
  ...appEvents,
  ...credentialsEvents,
  ...printsEvents,
  ...checkoutEvents,
  ...managerEvents,
  ...terminalSalesEvents,
  ...storeEvents,
  ...staffEvents,
  ...dayEvents,
  ...backlogEvents,
} satisfies Record<string, z.ZodType>;

export type Channels = typeof channels;
export type ChannelName = keyof Channels;
export type EventName = keyof typeof events;
export type ChannelRequest<C extends ChannelName> = z.input<Channels[C]['request']>;
export type ParsedRequest<C extends ChannelName> = z.output<Channels[C]['request']>;
export type ChannelResponse<C extends ChannelName> = z.output<Channels[C]['response']>;
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>;

export const channelNames = Object.keys(channels) as ChannelName[];
export const eventNames = Object.keys(events) as EventName[];

export function isChannelName(value: unknown): value is ChannelName {
  return typeof value === 'string' && Object.hasOwn(channels, value);
}

export function isEventName(value: unknown): value is EventName {
  return typeof value === 'string' && Object.hasOwn(events, value);
}

/** What `window.counter` offers the renderer, in Electron (preload) and in the browser host alike. */
export interface CounterBridge {
  invoke<C extends ChannelName>(channel: C, request: ChannelRequest<C>): Promise<IpcResult<ChannelResponse<C>>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}

/** The transport names used under the hood; kept here so preload, main and host agree. */
export const IPC_EVENT_CHANNEL = 'counter:event';
