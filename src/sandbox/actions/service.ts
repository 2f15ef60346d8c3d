import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '../../shared/clock';
import type { GrayRaster } from '../../shared/imaging';
import {
  ActionStatus,
  ActionType,
  PrintSubtype,
  type CreateActionRequest,
  type CreatedTerminalAction,
  type TerminalAction,
} from '../../shared/platform/terminal-actions';
import { createLifecycleWriter, type LifecycleWriter, type Written } from '../../shared/lifecycle/kit';
import type { PersistentSlice } from '../context';
import { SandboxError } from '../errors';
import { IdempotencyRecord, IdempotencyStore } from '../idempotency';
import { ACTION_LIFECYCLE, ActionEvent, INITIAL_STATUS, isFinal, transition, type TransitionResult } from './lifecycle';

/** One step of an action's life, kept so the terminal page and tests can show how it got where it is. */
export const ActionHistoryEntry = z.object({
  status: ActionStatus,
  event: z.union([z.literal('create'), ActionEvent]),
  at: z.number(),
});
export type ActionHistoryEntry = z.infer<typeof ActionHistoryEntry>;

export const StoredAction = z.object({
  id: z.string(),
  userId: z.number().int(),
  type: ActionType,
  external_reference: z.string(),
  terminal_id: z.string(),
  subtype: PrintSubtype,
  content: z.string(),
  status: ActionStatus,
  createdAt: z.number(),
  updatedAt: z.number(),
  /** Why the terminal failed it (no paper, or the cashier's choice), for the terminal page. */
  failureReason: z.string().optional(),
  history: z.array(ActionHistoryEntry),
});
export type StoredAction = z.infer<typeof StoredAction>;

const ActionsSnapshot = z.object({
  actions: z.array(StoredAction),
  idempotency: z.array(IdempotencyRecord),
});

export interface ActionChange {
  readonly action: StoredAction;
  /** Undefined for a newly created action. */
  readonly from: ActionStatus | undefined;
  readonly event: ActionHistoryEntry['event'];
}

export type ActionListener = (change: ActionChange) => void;

/** What a status change writes besides the status: why the terminal failed the print, when it did. */
interface MoveDetails {
  readonly failureReason?: string | undefined;
}

/**
 * Owns every print action and its idempotency keys. Status changes go only through `move`, the one
 * writer built on the lifecycle table, so the API and the virtual terminals cannot disagree on the rules.
 */
export class ActionService {
  readonly idempotency: IdempotencyStore;
  private readonly actions = new Map<string, StoredAction>();
  private readonly writer: LifecycleWriter<string, ActionStatus, ActionEvent, MoveDetails, StoredAction> = createLifecycleWriter(ACTION_LIFECYCLE, {
    read: (id: string) => this.actions.get(id),
    statusOf: (action) => action.status,
    commit: (action, { from, on, to }, { failureReason }) => {
      const now = this.clock.now();
      action.status = to;
      action.updatedAt = now;
      if (to === 'failed' && failureReason !== undefined) action.failureReason = failureReason;
      action.history.push({ status: to, event: on, at: now });
      this.track(action);
      if (to !== 'on_terminal') this.rasters.delete(action.id);
      this.emit({ action, from, event: on });
      return action;
    },
  });
  /** Per terminal, its actions still in created or on_terminal: the queue rule and the virtual terminal ask on every request, so no scan of the whole history. */
  private readonly openByTerminal = new Map<string, Set<string>>();
  private readonly lastEndedByTerminal = new Map<string, StoredAction>();
  /** An image's paper-ready raster from validation, so the terminal does not decode the file again. */
  private readonly rasters = new Map<string, GrayRaster>();
  private readonly listeners = new Set<ActionListener>();
  /** Other things that may be waiting for a terminal (payment orders): spec 7.2's one waiting order is shared. */
  private readonly queueGuards: Array<(terminalId: string) => string | undefined> = [];

  constructor(
    private readonly clock: Clock,
    private readonly newId: () => string = randomUUID,
  ) {
    this.idempotency = new IdempotencyStore(clock);
  }

  /**
   * Spec 3 first row and 8 "one waiting order" per terminal: refuses a second action in `created`
   * for the same terminal with 409 already_queued_order_for_terminal.
   */
  create(userId: number, request: CreateActionRequest, raster?: GrayRaster): StoredAction {
    const terminalId = request.config.point.terminal_id;
    const waiting = this.waitingFor(terminalId)?.id ?? this.queueGuards.map((guard) => guard(terminalId)).find((id) => id !== undefined);
    if (waiting !== undefined) {
      throw new SandboxError(
        409,
        'already_queued_order_for_terminal',
        `The terminal ${terminalId} already has a waiting order; wait until it reaches the terminal, or cancel it, before sending another.`,
        [{ code: 'already_queued_order_for_terminal', description: `${waiting} is waiting for terminal ${terminalId}`, data: { action_id: waiting } }],
      );
    }
    const now = this.clock.now();
    const action: StoredAction = {
      id: this.newId(),
      userId,
      type: request.type,
      external_reference: request.external_reference,
      terminal_id: terminalId,
      subtype: request.config.point.subtype,
      content: request.content,
      status: INITIAL_STATUS,
      createdAt: now,
      updatedAt: now,
      history: [{ status: INITIAL_STATUS, event: 'create', at: now }],
    };
    this.actions.set(action.id, action);
    this.track(action);
    if (raster !== undefined) this.rasters.set(action.id, raster);
    this.emit({ action, from: undefined, event: 'create' });
    return action;
  }

  addQueueGuard(guard: (terminalId: string) => string | undefined): void {
    this.queueGuards.push(guard);
  }

  find(id: string): StoredAction | undefined {
    return this.actions.get(id);
  }

  /** Another user's action is reported exactly like a missing one, so ids of others do not leak. */
  findForUser(userId: number, id: string): StoredAction | undefined {
    const action = this.actions.get(id);
    return action?.userId === userId ? action : undefined;
  }

  /** The terminal's waiting order, if any (at most one by the queue rule). */
  waitingFor(terminalId: string): StoredAction | undefined {
    return this.openIn(terminalId, 'created');
  }

  /** The action the terminal is working on, if any. */
  onTerminal(terminalId: string): StoredAction | undefined {
    return this.openIn(terminalId, 'on_terminal');
  }

  /** The terminal's most recently ended action (processed, failed or canceled), if any. */
  lastEnded(terminalId: string): StoredAction | undefined {
    return this.lastEndedByTerminal.get(terminalId);
  }

  private openIn(terminalId: string, status: 'created' | 'on_terminal'): StoredAction | undefined {
    for (const id of this.openByTerminal.get(terminalId) ?? []) {
      const action = this.actions.get(id);
      if (action?.status === status) return action;
    }
    return undefined;
  }

  /** Keeps the per-terminal indexes in step with an action's current status. */
  private track(action: StoredAction): void {
    const open = this.openByTerminal.get(action.terminal_id) ?? new Set<string>();
    this.openByTerminal.set(action.terminal_id, open);
    if (!isFinal(action.status)) {
      open.add(action.id);
      return;
    }
    open.delete(action.id);
    const last = this.lastEndedByTerminal.get(action.terminal_id);
    if (last === undefined || action.updatedAt >= last.updatedAt) this.lastEndedByTerminal.set(action.terminal_id, action);
  }

  private clearIndexes(): void {
    this.openByTerminal.clear();
    this.lastEndedByTerminal.clear();
  }

  list(): StoredAction[] {
    return [...this.actions.values()];
  }

  raster(id: string): GrayRaster | undefined {
    return this.rasters.get(id);
  }

  /** Takes `event` where the table leads the action, or answers why it may not (the reason a 409 carries). */
  apply(id: string, event: ActionEvent, failureReason?: string): TransitionResult {
    const action = this.actions.get(id);
    if (action === undefined) throw new Error(`no action ${id}`);
    const step = transition(action.status, event);
    if (!step.ok) return step;
    const from = action.status;
    const written = this.move(id, event, step.to, { failureReason });
    return written.ok ? step : { ok: false, from, event, reason: written.reason };
  }

  /** The one writer of an action's status: a move the table does not list is refused and changes nothing. */
  move(id: string, event: ActionEvent, to: ActionStatus, details: MoveDetails = {}): Written<StoredAction> {
    return this.writer.move(id, event, to, details);
  }

  subscribe(listener: ActionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  slice(onLoaded: () => void): PersistentSlice {
    return {
      save: () => ActionsSnapshot.parse({ actions: this.list(), idempotency: this.idempotency.list() }),
      load: (data) => {
        const snapshot = ActionsSnapshot.parse(data);
        this.actions.clear();
        this.rasters.clear();
        this.clearIndexes();
        for (const action of snapshot.actions) {
          this.actions.set(action.id, action);
          this.track(action);
        }
        this.idempotency.load(snapshot.idempotency);
        onLoaded();
      },
      reset: () => {
        this.actions.clear();
        this.rasters.clear();
        this.clearIndexes();
        this.idempotency.reset();
        onLoaded();
      },
    };
  }

  private emit(change: ActionChange): void {
    for (const listener of this.listeners) listener(change);
  }
}

/** The 201 body of a create (spec 4.3). */
export function createdView(action: StoredAction): CreatedTerminalAction {
  return {
    id: action.id,
    type: action.type,
    external_reference: action.external_reference,
    status: action.status,
    config: { point: { terminal_id: action.terminal_id, subtype: action.subtype } },
  };
}

/** The 200 body of a get (spec 4.4): ISO 8601 with milliseconds and Z, as Date#toISOString writes it. */
export function actionView(action: StoredAction): TerminalAction {
  return { ...createdView(action), created_date: new Date(action.createdAt).toISOString() };
}
