import { z } from 'zod';
import type { Clock, TimerHandle } from '../../shared/clock';
import { PrintSubtype, type TerminalAction } from '../../shared/platform/terminal-actions';
import type { SeedTerminal } from '../accounts';
import { actionView, type ActionService, type StoredAction } from '../actions/service';
import type { PersistentSlice } from '../context';
import { orderView, type OrderService, type StoredOrder } from '../orders/service';
import type { OrderTransitionResult } from '../orders/lifecycle';
import { DeclineReason, type PointOrder } from '../../shared/platform/orders';
import { renderPaymentSlip, renderPrint } from './printing';

/**
 * A simulated payment terminal. Like the real one (docs/decisions.md) it fetches its waiting print by
 * itself after a moment, or when the cashier presses refresh; prints it; and reports processed or
 * failed. Every delay runs on the injected clock, so tests move time instead of waiting.
 */

export const TerminalSettings = z.object({
  /** `auto`: fetch a waiting action after pickup_delay_ms; `manual`: only when refresh is pressed. */
  mode: z.enum(['auto', 'manual']),
  pickup_delay_ms: z.number().int().min(0).max(86_400_000),
  print_duration_ms: z.number().int().min(0).max(86_400_000),
  /** `auto`: report the result when printing ends; `manual`: hold the action until /complete. */
  completion: z.enum(['auto', 'manual']),
  /** An offline terminal fetches nothing; a print already started still finishes. */
  online: z.boolean(),
  /** With no paper a print ends `failed`. */
  paper: z.enum(['ok', 'out']),
});
export type TerminalSettings = z.infer<typeof TerminalSettings>;

export const DEFAULT_TERMINAL_SETTINGS: TerminalSettings = {
  mode: 'auto',
  pickup_delay_ms: 2000,
  print_duration_ms: 1500,
  completion: 'auto',
  online: true,
  paper: 'ok',
};

export const TerminalSettingsPatch = TerminalSettings.partial().strict();
export type TerminalSettingsPatch = z.infer<typeof TerminalSettingsPatch>;

export const PrintedItem = z.object({
  /** 1, 2, 3… per terminal, so a page can ask only for what it has not shown yet. */
  seq: z.number().int().positive(),
  /** The print action, or the point order whose payment slip this is. */
  action_id: z.string(),
  external_reference: z.string(),
  subtype: z.union([PrintSubtype, z.literal('payment_slip')]),
  printed_at: z.string(),
  svg: z.string(),
});
export type PrintedItem = z.infer<typeof PrintedItem>;

const TerminalEvent = z.object({ at: z.string(), message: z.string() });
type TerminalEvent = z.infer<typeof TerminalEvent>;

const TerminalSnapshot = z.object({
  settings: TerminalSettings,
  printed: z.array(PrintedItem),
  printed_count: z.number().int().nonnegative(),
  events: z.array(TerminalEvent),
});
type TerminalSnapshot = z.infer<typeof TerminalSnapshot>;

/** The roll keeps the latest prints; older ones are only counted. */
export const PRINTED_KEPT = 50;
const EVENTS_KEPT = 20;

export type TerminalPhase = 'offline' | 'idle' | 'waiting_pickup' | 'printing' | 'awaiting_completion' | 'awaiting_card' | 'action_required';

/** What a person does with a card on the terminal (spec of the Orders API: docs "Status of an order and a transaction"). */
export const CardTap = z.discriminatedUnion('result', [
  z.strictObject({ result: z.literal('approved') }),
  z.strictObject({ result: z.literal('declined'), reason: DeclineReason.default('rejected_by_issuer') }),
  /** The terminal got no answer in 40 s: the order needs a check on the terminal (action_required). */
  z.strictObject({ result: z.literal('no_response') }),
]);
export type CardTap = z.infer<typeof CardTap>;

/** A refusal of a control request, answered as 409 by the routes. */
export class TerminalConflict extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'TerminalConflict';
  }
}

interface Printing {
  readonly actionId: string;
  readonly startedAt: number;
  /** Undefined once the paper has come out and the terminal waits for /complete (completion manual). */
  timer: TimerHandle | undefined;
}

export class VirtualTerminal {
  private settings: TerminalSettings = { ...DEFAULT_TERMINAL_SETTINGS };
  private pickupTimer: TimerHandle | undefined;
  private printing: Printing | undefined;
  private printed: PrintedItem[] = [];
  private printedCount = 0;
  private events: TerminalEvent[] = [];
  private orders: OrderService | undefined;

  constructor(
    readonly seed: SeedTerminal,
    private readonly clock: Clock,
    private readonly actions: ActionService,
  ) {}

  get id(): string {
    return this.seed.id;
  }

  /** From then on the terminal also takes payments: it picks up point orders and charges cards. */
  attachOrders(orders: OrderService): void {
    this.orders = orders;
  }

  /**
   * Brings timers in line with the actions: start printing a held action, schedule the pickup of a
   * waiting one, drop timers whose action is gone. Safe to call any number of times.
   */
  sync(): void {
    const held = this.actions.onTerminal(this.id);
    if (held !== undefined) {
      this.clearPickup();
      if (this.printing?.actionId !== held.id) this.startPrinting(held);
      return;
    }
    this.clearPrinting();
    if (this.orders?.atTerminal(this.id) !== undefined) {
      // Busy charging: nothing else is fetched until the payment has an outcome.
      this.clearPickup();
      return;
    }
    const waiting = this.actions.waitingFor(this.id) ?? this.orders?.waitingFor(this.id);
    if (!this.settings.online || waiting === undefined || this.settings.mode === 'manual') {
      this.clearPickup();
      return;
    }
    if (this.pickupTimer === undefined) {
      this.pickupTimer = this.clock.setTimeout(() => {
        this.pickupTimer = undefined;
        this.pickUp();
      }, this.settings.pickup_delay_ms);
    }
  }

  configure(patch: TerminalSettingsPatch): void {
    const before = this.settings;
    this.settings = { ...before, ...patch };
    if (before.online !== this.settings.online) this.log(this.settings.online ? 'back online' : 'went offline');
    if (before.paper !== this.settings.paper) this.log(this.settings.paper === 'out' ? 'paper ran out' : 'paper loaded');
    if (before.mode !== this.settings.mode) this.log(`pickup mode ${this.settings.mode}`);
    this.sync();
  }

  /** The refresh button: fetch the waiting action now. */
  refresh(): { id: string } | undefined {
    if (!this.settings.online) throw new TerminalConflict('terminal_offline', `Terminal ${this.id} is offline; set it online first.`);
    const held = this.actions.onTerminal(this.id) ?? this.orders?.atTerminal(this.id);
    if (held !== undefined) throw new TerminalConflict('terminal_busy', `Terminal ${this.id} is busy with ${held.id}.`);
    this.log('refresh pressed');
    return this.pickUp();
  }

  /** Cancel on the terminal: the action it holds, else its waiting one (spec 3, last row). */
  cancel(): { id: string } {
    const charging = this.orders?.atTerminal(this.id);
    if (charging !== undefined) {
      this.log(`payment ${charging.external_reference} cancelled on the terminal`);
      return this.settle(charging, this.orders?.apply(charging.id, 'cancel_terminal'));
    }
    const target = this.actions.onTerminal(this.id) ?? this.actions.waitingFor(this.id);
    if (target === undefined) throw new TerminalConflict('nothing_to_cancel', `Terminal ${this.id} has no action to cancel.`);
    this.log(`cancelled ${target.external_reference} on the terminal`);
    this.actions.apply(target.id, 'cancel_terminal');
    return target;
  }

  /** A card on the reader: approved (with the payment slip when asked for), declined with a reason, or no answer. */
  tap(card: CardTap): StoredOrder {
    const charging = this.orders?.atTerminal(this.id);
    if (charging === undefined || this.orders === undefined)
      throw new TerminalConflict('no_payment_on_terminal', `Terminal ${this.id} is not charging any order.`);
    switch (card.result) {
      case 'approved': {
        const result = this.orders.apply(charging.id, 'approve');
        this.log(`card approved for ${charging.external_reference}`);
        if (result.ok && charging.print_on_terminal === 'seller_ticket') this.printSlip(charging);
        return this.settle(charging, result);
      }
      case 'declined':
        this.log(`card declined for ${charging.external_reference}: ${card.reason}`);
        return this.settle(charging, this.orders.apply(charging.id, 'decline', card.reason));
      case 'no_response':
        this.log(`no answer for ${charging.external_reference}; check on the terminal`);
        return this.settle(charging, this.orders.apply(charging.id, 'stall'));
    }
  }

  /** Lets the order run out of time now, as if its expiration_time had passed (picked up or still waiting). */
  timeout(): StoredOrder {
    const order = this.orders?.atTerminal(this.id) ?? this.orders?.waitingFor(this.id);
    if (order === undefined || this.orders === undefined)
      throw new TerminalConflict('no_payment_on_terminal', `Terminal ${this.id} has no payment order to time out.`);
    this.log(`payment ${order.external_reference} timed out`);
    return this.settle(order, this.orders.apply(order.id, 'expire'));
  }

  private settle(order: StoredOrder, result: OrderTransitionResult | undefined): StoredOrder {
    if (result !== undefined && !result.ok) throw new TerminalConflict('invalid_order_status', result.reason);
    return order;
  }

  private printSlip(order: StoredOrder): void {
    if (this.settings.paper === 'out') {
      this.log(`payment slip of ${order.external_reference} not printed: out of paper`);
      return;
    }
    this.pushPrinted(order.id, order.external_reference, 'payment_slip', renderPaymentSlip(order, this.seed.name, this.clock.now()));
    this.log(`printed the payment slip of ${order.external_reference}`);
  }

  private pushPrinted(id: string, reference: string, subtype: PrintedItem['subtype'], svg: string): void {
    this.printedCount++;
    this.printed.push({
      seq: this.printedCount,
      action_id: id,
      external_reference: reference,
      subtype,
      printed_at: new Date(this.clock.now()).toISOString(),
      svg,
    });
    if (this.printed.length > PRINTED_KEPT) this.printed.splice(0, this.printed.length - PRINTED_KEPT);
  }

  /** Ends the held action now, as the cashier or the device would. */
  complete(status: 'processed' | 'failed'): StoredAction {
    const held = this.actions.onTerminal(this.id);
    if (held === undefined) throw new TerminalConflict('no_action_on_terminal', `Terminal ${this.id} holds no action to complete.`);
    if (status === 'processed') this.printHeld(held);
    else this.fail(held, 'marked failed on the terminal');
    return held;
  }

  printedItems(after = 0): PrintedItem[] {
    return this.printed.filter((item) => item.seq > after);
  }

  view(): TerminalView {
    const held = this.actions.onTerminal(this.id);
    const waiting = this.actions.waitingFor(this.id);
    const summary = (action: StoredAction | undefined): ActionSummary | null =>
      action === undefined ? null : { ...actionView(action), failure_reason: action.failureReason ?? null };
    const charging = this.orders?.atTerminal(this.id);
    const payment = charging ?? this.orders?.waitingFor(this.id);
    const lastPayment = this.orders?.lastEnded(this.id);
    return {
      id: this.id,
      name: this.seed.name,
      user_id: this.seed.user_id,
      operating_mode: this.seed.operating_mode,
      phase: this.phase(held, waiting ?? this.orders?.waitingFor(this.id), charging),
      settings: { ...this.settings },
      held_action: summary(held),
      waiting_action: summary(waiting),
      last_action: summary(this.actions.lastEnded(this.id)),
      payment_order: payment === undefined ? null : orderView(payment),
      last_payment_order: lastPayment === undefined ? null : orderView(lastPayment),
      print_started_at: this.printing === undefined ? null : new Date(this.printing.startedAt).toISOString(),
      printed_count: this.printedCount,
      last_printed_seq: this.printed.at(-1)?.seq ?? 0,
      events: [...this.events],
      now: new Date(this.clock.now()).toISOString(),
    };
  }

  snapshot(): TerminalSnapshot {
    return { settings: { ...this.settings }, printed: [...this.printed], printed_count: this.printedCount, events: [...this.events] };
  }

  restore(snapshot: TerminalSnapshot | undefined): void {
    this.stop();
    this.settings = { ...(snapshot?.settings ?? DEFAULT_TERMINAL_SETTINGS) };
    this.printed = [...(snapshot?.printed ?? [])];
    this.printedCount = snapshot?.printed_count ?? 0;
    this.events = [...(snapshot?.events ?? [])];
  }

  /** Drops every timer; the next sync() starts afresh from the actions' statuses. */
  stop(): void {
    this.clearPickup();
    this.clearPrinting();
  }

  private phase(held: StoredAction | undefined, waiting: { id: string } | undefined, charging: StoredOrder | undefined): TerminalPhase {
    if (held !== undefined) return this.printing !== undefined && this.printing.timer === undefined ? 'awaiting_completion' : 'printing';
    if (charging !== undefined) return charging.status === 'action_required' ? 'action_required' : 'awaiting_card';
    if (!this.settings.online) return 'offline';
    return waiting === undefined ? 'idle' : 'waiting_pickup';
  }

  private pickUp(): { id: string } | undefined {
    if (!this.settings.online || this.actions.onTerminal(this.id) !== undefined || this.orders?.atTerminal(this.id) !== undefined) return undefined;
    const waiting = this.actions.waitingFor(this.id);
    if (waiting === undefined) return this.pickUpOrder();
    this.log(`picked up ${waiting.external_reference}`);
    // The action service notifies the fleet, whose sync() starts the print.
    this.actions.apply(waiting.id, 'pickup');
    return waiting;
  }

  private pickUpOrder(): StoredOrder | undefined {
    const order = this.orders?.waitingFor(this.id);
    if (order === undefined || this.orders === undefined) return undefined;
    this.log(`picked up payment ${order.external_reference}: ${order.siteCurrency} ${(order.cents / 100).toFixed(2)}`);
    this.orders.apply(order.id, 'pickup');
    return order;
  }

  private startPrinting(held: StoredAction): void {
    this.clearPrinting();
    const printing: Printing = {
      actionId: held.id,
      startedAt: this.clock.now(),
      timer: this.clock.setTimeout(() => {
        printing.timer = undefined;
        this.finishPrinting(held.id);
      }, this.settings.print_duration_ms),
    };
    this.printing = printing;
  }

  private finishPrinting(actionId: string): void {
    const held = this.actions.onTerminal(this.id);
    if (held?.id !== actionId) return;
    if (this.settings.completion === 'manual') {
      this.log(`printed ${held.external_reference}; waiting for the result to be reported`);
      return;
    }
    if (this.settings.paper === 'out') this.fail(held, 'out of paper');
    else this.printHeld(held);
  }

  private printHeld(held: StoredAction): void {
    const outcome = renderPrint({
      subtype: held.subtype,
      content: held.content,
      external_reference: held.external_reference,
      raster: this.actions.raster(held.id),
    });
    if (!outcome.ok) {
      this.fail(held, outcome.reason);
      return;
    }
    this.pushPrinted(held.id, held.external_reference, held.subtype, outcome.svg);
    this.log(`printed ${held.external_reference}`);
    this.actions.apply(held.id, 'print_ok');
  }

  private fail(held: StoredAction, reason: string): void {
    this.log(`failed ${held.external_reference}: ${reason}`);
    this.actions.apply(held.id, 'print_failed', reason);
  }

  private clearPickup(): void {
    if (this.pickupTimer !== undefined) this.clock.clearTimeout(this.pickupTimer);
    this.pickupTimer = undefined;
  }

  private clearPrinting(): void {
    if (this.printing?.timer !== undefined) this.clock.clearTimeout(this.printing.timer);
    this.printing = undefined;
  }

  private log(message: string): void {
    this.events.push({ at: new Date(this.clock.now()).toISOString(), message });
    if (this.events.length > EVENTS_KEPT) this.events.splice(0, this.events.length - EVENTS_KEPT);
  }
}

export type ActionSummary = TerminalAction & { failure_reason: string | null };

export interface TerminalView {
  id: string;
  name: string;
  user_id: number;
  operating_mode: string;
  phase: TerminalPhase;
  settings: TerminalSettings;
  held_action: ActionSummary | null;
  waiting_action: ActionSummary | null;
  /** The last action that ended here, with why it failed when it did. */
  last_action: ActionSummary | null;
  /** The point order the terminal is charging, or the one waiting for it. */
  payment_order: PointOrder | null;
  last_payment_order: PointOrder | null;
  print_started_at: string | null;
  printed_count: number;
  last_printed_seq: number;
  events: TerminalEvent[];
  now: string;
}

/** Every seeded terminal, simulated; created on first use so terminals added to the seed later work too. */
export class TerminalFleet {
  private readonly terminals = new Map<string, VirtualTerminal>();
  private orders: OrderService | undefined;

  constructor(
    private readonly seedTerminals: () => readonly SeedTerminal[],
    private readonly clock: Clock,
    private readonly actions: ActionService,
  ) {
    actions.subscribe((change) => this.get(change.action.terminal_id)?.sync());
  }

  /** Point orders reach the terminals too (src/sandbox/orders/routes.ts wires this). */
  attachOrders(orders: OrderService): void {
    this.orders = orders;
    for (const terminal of this.terminals.values()) terminal.attachOrders(orders);
    orders.subscribe((change) => this.get(change.order.terminal_id)?.sync());
  }

  get(id: string): VirtualTerminal | undefined {
    const existing = this.terminals.get(id);
    if (existing !== undefined) return existing;
    const seed = this.seedTerminals().find((terminal) => terminal.id === id);
    if (seed === undefined) return undefined;
    const terminal = new VirtualTerminal(seed, this.clock, this.actions);
    if (this.orders !== undefined) terminal.attachOrders(this.orders);
    this.terminals.set(id, terminal);
    return terminal;
  }

  list(): VirtualTerminal[] {
    return this.seedTerminals().flatMap((seed) => this.get(seed.id) ?? []);
  }

  /** After a load or reset: forget every timer and start again from the actions' statuses. */
  resync(): void {
    this.stop();
    for (const terminal of this.list()) terminal.sync();
  }

  stop(): void {
    for (const terminal of this.terminals.values()) terminal.stop();
  }

  slice(): PersistentSlice {
    return {
      save: () => Object.fromEntries(this.list().map((terminal) => [terminal.id, terminal.snapshot()])),
      load: (data) => {
        const snapshots = z.record(z.string(), TerminalSnapshot).parse(data);
        for (const terminal of this.list()) terminal.restore(snapshots[terminal.id]);
        this.resync();
      },
      reset: () => {
        for (const terminal of this.list()) terminal.restore(undefined);
        this.resync();
      },
    };
  }
}
