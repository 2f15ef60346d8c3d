import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformErrorBody } from '../../shared/platform/errors';
import { type ActionStatus, CreatedTerminalAction, TerminalAction } from '../../shared/platform/terminal-actions';
import { ACTION_LIFECYCLE } from './lifecycle';
import {
  customBody,
  imageBody,
  invoiceBody,
  pngBase64,
  SAMPLE_DTE,
  SAMPLE_RECEIPT,
  startHarness,
  TERMINAL_1,
  TERMINAL_2,
  TERMINAL_3,
  type Harness,
} from './test-support';

const TERMINALS = [TERMINAL_1, TERMINAL_2, TERMINAL_3] as const;

/** Bodies near the valid one as well as garbage, so the generator reaches every validation branch. */
const anyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('', 'print', 'custom', 'image', 'invoice', TERMINAL_1, 'PAX_A910__SBX0000004'),
);
const contentArbitrary = fc.oneof(
  anyString,
  fc.constantFrom(SAMPLE_RECEIPT, SAMPLE_DTE, pngBase64(8, 8), SAMPLE_DTE.replace('<Folio>60</Folio>', ''), '<DTE>', `{b}${'x'.repeat(200)}`, 'iVBORw0KGgo='),
  fc.base64String(),
  fc.jsonValue(),
);
const PATHS = [
  ['type'],
  ['external_reference'],
  ['config'],
  ['config', 'point'],
  ['config', 'point', 'terminal_id'],
  ['config', 'point', 'subtype'],
  ['content'],
  ['extra'],
  ['config', 'point', 'extra'],
] as const;
const valueArbitrary = fc.oneof(
  contentArbitrary,
  fc.constantFrom('print', 'custom', 'image', 'invoice', ...TERMINALS, 'PAX_A910__SBX0000004', 'NEWLAND_N950__SBX0000009'),
  fc.jsonValue(),
);
const mutationArbitrary = fc.record({ path: fc.constantFrom(...PATHS), remove: fc.boolean(), value: valueArbitrary });

/** A valid body with a few properties replaced or removed: reaches every check of 7.2, not only the first. */
const mutatedBodyArbitrary = fc
  .tuple(
    fc.constantFrom<Record<string, unknown>>(
      customBody({ reference: 'prop-custom' }),
      imageBody(pngBase64(8, 8), TERMINAL_2),
      invoiceBody(SAMPLE_DTE, TERMINAL_3),
    ),
    fc.array(mutationArbitrary, { maxLength: 3 }),
  )
  .map(([valid, mutations]) => {
    const body = structuredClone(valid);
    for (const { path, remove, value } of mutations) {
      let parent: unknown = body;
      for (const part of path.slice(0, -1)) parent = typeof parent === 'object' && parent !== null ? (parent as Record<string, unknown>)[part] : undefined;
      if (typeof parent !== 'object' || parent === null) continue;
      const last = path[path.length - 1] ?? 'type';
      if (remove) delete (parent as Record<string, unknown>)[last];
      else (parent as Record<string, unknown>)[last] = structuredClone(value);
    }
    return body;
  });

const bodyArbitrary = fc.oneof(
  { weight: 4, arbitrary: mutatedBodyArbitrary },
  {
    weight: 1,
    arbitrary: fc.record(
      {
        type: valueArbitrary,
        external_reference: fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{1,70}$/), anyString),
        config: valueArbitrary,
        content: contentArbitrary,
      },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: fc.jsonValue() },
);

describe('property: POST /terminals/v1/actions with random bodies', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('never answers 5xx, and every refusal is the platform error body with its own status', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof({ weight: 5, arbitrary: bodyArbitrary.map((body) => JSON.stringify(body) ?? 'null') }, { weight: 1, arbitrary: fc.string() }),
        async (payload) => {
          const response = await h.create(payload);
          expect(response.statusCode, response.body).toBeLessThan(500);
          if (response.statusCode === 201) {
            CreatedTerminalAction.parse(response.json());
            for (const terminal of TERMINALS) await h.terminalPost(terminal, '/cancel');
          } else {
            const body = PlatformErrorBody.parse(response.json());
            expect(body.status).toBe(response.statusCode);
            expect(body.error).toMatch(/^[a-z_]+$/);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});

type Operation =
  | { kind: 'create'; terminal: number; key: number; subtype: 'custom' | 'invoice' }
  | { kind: 'api_cancel'; action: number; key: number }
  | { kind: 'refresh' | 'terminal_cancel' | 'complete_ok' | 'complete_failed'; terminal: number }
  | { kind: 'advance'; ms: number };

const operationArbitrary: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), terminal: fc.nat(2), key: fc.nat(5), subtype: fc.constantFrom('custom' as const, 'invoice' as const) }),
  fc.record({ kind: fc.constant('api_cancel' as const), action: fc.nat(9), key: fc.nat(5) }),
  fc.record({ kind: fc.constantFrom('refresh' as const, 'terminal_cancel' as const, 'complete_ok' as const, 'complete_failed' as const), terminal: fc.nat(2) }),
  fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 0, max: 4000 }) }),
);

/** Statuses reachable from `from` through the transition table (itself included). */
function reachable(from: ActionStatus): Set<ActionStatus> {
  const seen = new Set<ActionStatus>([from]);
  const queue = [from];
  for (let status = queue.shift(); status !== undefined; status = queue.shift()) {
    for (const row of ACTION_LIFECYCLE.moves) {
      if (row.from === status && !seen.has(row.to)) {
        seen.add(row.to);
        queue.push(row.to);
      }
    }
  }
  return seen;
}

describe('property: random sequences of create, cancel, pickup and completion', () => {
  it('keep every action on the transition table, one waiting order per terminal, and each key on at most one action', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operationArbitrary, { minLength: 1, maxLength: 30 }), fc.boolean(), async (operations, manualPickup) => {
        const h = await startHarness();
        try {
          if (manualPickup) for (const terminal of TERMINALS) await h.terminalPost(terminal, '', { mode: 'manual' });
          const observed = new Map<string, ActionStatus>();
          const order: string[] = [];
          const actionOfKey = new Map<string, string>();
          const cancelKeys = new Map<string, string>();

          for (const operation of operations) {
            switch (operation.kind) {
              case 'create': {
                const key = `key-${operation.key}`;
                const terminal = TERMINALS[operation.terminal] ?? TERMINAL_1;
                const body =
                  operation.subtype === 'custom' ? customBody({ terminal, reference: `ref-${operation.terminal}` }) : invoiceBody(SAMPLE_DTE, terminal);
                const response = await h.create(body, { key });
                expect(response.statusCode, response.body).not.toBe(500);
                if (response.statusCode === 201) {
                  const { id } = CreatedTerminalAction.parse(response.json());
                  const known = actionOfKey.get(key);
                  // A key names at most one action: a 201 for a used key is a replay of that action.
                  if (known !== undefined) expect(id).toBe(known);
                  else expect(cancelKeys.has(key)).toBe(false);
                  actionOfKey.set(key, id);
                  if (!observed.has(id)) {
                    observed.set(id, 'created');
                    order.push(id);
                  }
                } else {
                  expect(['already_queued_order_for_terminal', 'idempotency_key_already_used']).toContain(PlatformErrorBody.parse(response.json()).error);
                }
                break;
              }
              case 'api_cancel': {
                const id = order[operation.action % Math.max(1, order.length)];
                if (id === undefined) break;
                const key = `key-${operation.key}`;
                const before = (await h.get(id)).json() as { status: ActionStatus };
                const response = await h.cancel(id, { key });
                if (actionOfKey.has(key) || (cancelKeys.has(key) && cancelKeys.get(key) !== id)) {
                  expect(response.json()).toMatchObject({ error: 'idempotency_key_already_used' });
                } else if (response.statusCode === 200) {
                  // Either a fresh cancel of a created action, or the replay of this very cancel.
                  expect(before.status === 'created' || cancelKeys.get(key) === id).toBe(true);
                  cancelKeys.set(key, id);
                } else {
                  expect(response.json()).toMatchObject({ error: 'cannot_cancel_order' });
                  expect(before.status).not.toBe('created');
                }
                break;
              }
              case 'advance':
                await h.clock.advance(operation.ms);
                break;
              default: {
                const terminal = TERMINALS[operation.terminal] ?? TERMINAL_1;
                const path = { refresh: '/refresh', terminal_cancel: '/cancel', complete_ok: '/complete', complete_failed: '/complete' }[operation.kind];
                const body =
                  operation.kind === 'complete_ok' ? { status: 'processed' } : operation.kind === 'complete_failed' ? { status: 'failed' } : undefined;
                const response = await h.terminalPost(terminal, path, body);
                expect([200, 409]).toContain(response.statusCode);
              }
            }

            const waitingPerTerminal = new Map<string, number>();
            const heldPerTerminal = new Map<string, number>();
            for (const id of order) {
              const action = TerminalAction.parse((await h.get(id)).json());
              const previous = observed.get(id) ?? 'created';
              expect(reachable(previous).has(action.status), `${id}: ${previous} -> ${action.status}`).toBe(true);
              observed.set(id, action.status);
              const terminal = action.config.point.terminal_id;
              if (action.status === 'created') waitingPerTerminal.set(terminal, (waitingPerTerminal.get(terminal) ?? 0) + 1);
              if (action.status === 'on_terminal') heldPerTerminal.set(terminal, (heldPerTerminal.get(terminal) ?? 0) + 1);
            }
            for (const count of [...waitingPerTerminal.values(), ...heldPerTerminal.values()]) expect(count).toBe(1);
          }
        } finally {
          await h.close();
        }
      }),
      { numRuns: 60 },
    );
  });
});
