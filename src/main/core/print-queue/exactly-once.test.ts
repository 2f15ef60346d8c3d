import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PrintSummary } from '../../../shared/ipc/channels/prints';
import { createAppCore, type AppCore } from '../app-core';
import { createMemoryStore } from '../settings/store';
import type { Http } from '../ports';
import {
  configureTerminal,
  COUNTER_APP,
  createTestHttp,
  driveUntil,
  receipt,
  startTestSandbox,
  temporaryDirectory,
  testCoreOptions,
  TERMINAL_1,
  TERMINAL_2,
  type Interference,
  type TestSandbox,
  foreignPrintOrder,
} from '../../testing/harness';

/**
 * What can go wrong on the way to the platform, or with the process itself. On a slow network
 * a request can reach the platform after the app gave up on it (`late-request`, delivered at the next
 * step), an answer can come back after others that left later (`slow-response`), and another point of
 * sale can put its own order on the terminal (409 already_queued_order_for_terminal).
 */
type Trouble = '500' | '429' | 'timeout' | 'drop' | 'lost-response' | 'restart' | 'torn-restart' | 'late-request' | 'slow-response';
type NetworkTrouble = Exclude<Trouble, 'restart' | 'torn-restart'>;

interface Step {
  /** A network trouble is armed first, so it can hit this step's own print; a restart comes after the enqueue. */
  trouble: Trouble | null;
  /** Which request the network trouble hits: the next create, or the next status poll. */
  target: 'create' | 'get';
  /** Enqueue a print for this terminal. */
  enqueue: typeof TERMINAL_1 | typeof TERMINAL_2 | null;
  /** Then another point of sale puts an order on the same terminal. */
  foreign: boolean;
  /** Clock time to let pass after the step. */
  waitMs: number;
}

const step: fc.Arbitrary<Step> = fc.record({
  trouble: fc.oneof(
    // A late create meeting another point of sale's order is the slow network's worst case (a retry under a
    // new key would make a second action): weighted up.
    { arbitrary: fc.constant<Trouble>('late-request'), weight: 3 },
    {
      arbitrary: fc.constantFrom<Trouble | null>('500', '429', 'timeout', 'drop', 'lost-response', 'restart', 'torn-restart', 'slow-response', null),
      weight: 8,
    },
  ),
  target: fc.constantFrom('create', 'get'),
  enqueue: fc.constantFrom(TERMINAL_1, TERMINAL_2, null),
  foreign: fc.boolean(),
  waitMs: fc.integer({ min: 0, max: 4_000 }),
});

/** How late a held request arrives, and how long an order waits on a terminal for its pickup (a foreign one may outlast our timeout). */
const network = fc.record({ lateBySteps: fc.integer({ min: 1, max: 3 }), pickupDelayMs: fc.constantFrom(2_000, 8_000) });

function interferenceFor(trouble: NetworkTrouble): Interference {
  switch (trouble) {
    case '500':
      return { status: 500, code: 'internal_error' };
    case '429':
      return { status: 429, code: 'local_rate_limited', retryAfterSeconds: 2 };
    case 'timeout':
      return 'hang';
    case 'drop':
      return 'refuse';
    default:
      return 'lost-response' === trouble ? 'lose-response' : 'pass';
  }
}

/** Another point of sale of the same account puts an order on the terminal (it may be refused: ours waits there). */
const foreignOrder = async (target: TestSandbox, terminalId: string, count: number): Promise<void> => {
  await foreignPrintOrder(target, terminalId, { key: `foreign-${count}`, reference: `FOREIGN-${count}` });
};

describe('exactly once under faults, restarts and a slow network', () => {
  it('puts every print on the platform exactly once, in its terminal’s order, and journals its true final state', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 8 }), network, async (steps, { lateBySteps, pickupDelayMs }) => {
        const target = await startTestSandbox();
        for (const terminal of [TERMINAL_1, TERMINAL_2]) await configureTerminal(target, terminal, { pickup_delay_ms: pickupDelayMs });
        const directory = temporaryDirectory();
        const store = createMemoryStore();
        const pending: Array<{ path: 'create' | 'get'; trouble: NetworkTrouble }> = [];
        /** Requests and answers held on the network, delivered at the start of a later step. */
        let stepIndex = 0;
        const held: Array<{ dueStep: number; deliver: () => Promise<void> }> = [];
        const deliverHeld = async (all = false) => {
          const due = held.filter((entry) => all || entry.dueStep <= stepIndex);
          for (const entry of due) held.splice(held.indexOf(entry), 1);
          await Promise.all(due.map((entry) => entry.deliver()));
        };
        let foreignOrders = 0;
        let core: AppCore | undefined;
        let freeze = () => undefined as void;
        const enqueued: PrintSummary[] = [];

        const boot = () => {
          let next: Interference = 'pass';
          const recorder = createTestHttp(target.clock, () => {
            const decision = next;
            next = 'pass';
            return decision;
          });
          freeze = recorder.freeze;
          const http: Http = async (url, init = {}) => {
            const method = (init.method ?? 'GET').toUpperCase();
            const path = new URL(url).pathname;
            const kind =
              method === 'POST' && path === '/terminals/v1/actions'
                ? 'create'
                : method === 'GET' && path.startsWith('/terminals/v1/actions/')
                  ? 'get'
                  : undefined;
            const index = pending.findIndex((entry) => entry.path === kind);
            const trouble = index === -1 ? undefined : pending.splice(index, 1)[0]?.trouble;
            if (trouble === 'late-request') return holdRequest(url, init);
            if (trouble === 'slow-response') return holdResponse(await recorder.http(url, init), init.signal);
            next = trouble === undefined ? 'pass' : interferenceFor(trouble);
            return recorder.http(url, init);
          };
          /** The app times out; the request itself reaches the platform later. */
          const holdRequest = async (url: string, init: RequestInit): Promise<Response> => {
            const body = init.body === undefined || init.body === null ? undefined : await new Request(url, init).text();
            const headers = new Headers(init.headers);
            // Some steps later: after the retries, and maybe after another point of sale's order made one of them a 409.
            held.push({
              dueStep: stepIndex + lateBySteps,
              deliver: () =>
                fetch(url, { method: init.method, headers, body })
                  .then((response) => response.body?.cancel())
                  .catch(() => undefined),
            });
            return new Promise<Response>((_resolve, reject) =>
              init.signal?.addEventListener('abort', () => reject(init.signal?.reason ?? new Error('aborted')), { once: true }),
            );
          };
          /** The platform answered; the answer arrives after whatever else the next step brings, or never if the app gave up. */
          const holdResponse = async (response: Response, signal: AbortSignal | null | undefined): Promise<Response> => {
            const body = await response.text();
            await new Promise<void>((resolve, reject) => {
              held.push({ dueStep: stepIndex + 1, deliver: async () => resolve() });
              signal?.addEventListener('abort', () => reject(signal.reason ?? new Error('aborted')), { once: true });
            });
            return new Response(body, { status: response.status, headers: { 'content-type': response.headers.get('content-type') ?? 'application/json' } });
          };
          core = createAppCore({
            settingsStore: store,
            ...testCoreOptions(target, http),
            sandboxCredentials: { clientId: COUNTER_APP.clientId, clientSecret: COUNTER_APP.clientSecret },
            dataDirectory: directory.path,
            queuePolicy: { requestTimeoutMs: 3_000 },
          });
        };

        /** Kills the process: nothing more goes out or comes back, the journal is left as it is. */
        const crash = async (tearTail: boolean) => {
          freeze();
          await core?.close();
          if (tearTail) {
            // The last write torn: a frame cut short at the end of the history's WAL, as a power cut leaves it.
            const wal = join(directory.path, 'history-sandbox.sqlite-wal');
            appendFileSync(wal, Buffer.from('377f0682002de218000010000000000b', 'hex'));
          }
          boot();
        };

        try {
          boot();
          for (const { enqueue, trouble, target: path, foreign, waitMs } of steps) {
            stepIndex++;
            await deliverHeld();
            if (trouble !== null && trouble !== 'restart' && trouble !== 'torn-restart') pending.push({ path, trouble });
            if (enqueue !== null && core !== undefined)
              enqueued.push(await core.handlers['prints.enqueue']({ terminalId: enqueue, subtype: 'custom', content: receipt(`print ${enqueued.length}`) }));
            if (foreign) await foreignOrder(target, enqueue ?? TERMINAL_1, ++foreignOrders);
            if (trouble === 'restart' || trouble === 'torn-restart') await crash(trouble === 'torn-restart');
            await driveUntil(target.clock, () => false, { stepMs: 200, maxMs: waitMs, what: 'time to pass' }).catch(() => undefined);
          }
          pending.length = 0;
          await deliverHeld(true);

          const finalStatus = async (id: string) => (await core?.handlers['prints.get']({ id, includeContent: false }))?.status;
          await driveUntil(
            target.clock,
            async () => {
              for (const print of enqueued) if ((await finalStatus(print.id)) !== 'processed') return false;
              return true;
            },
            { stepMs: 250, maxMs: 10 * 60_000, what: 'every print processed' },
          );

          const actions = target.actions().filter((action) => !action.external_reference.startsWith('FOREIGN-'));
          for (const print of enqueued) {
            const onPlatform = actions.filter((action) => action.external_reference === print.externalReference);
            expect(onPlatform, `print ${print.externalReference}`).toHaveLength(1);
            expect(onPlatform[0]?.status).toBe('processed');
            const journaled = await core?.handlers['prints.get']({ id: print.id, includeContent: false });
            expect(journaled).toMatchObject({ status: 'processed', actionId: onPlatform[0]?.id });
          }
          expect(actions).toHaveLength(enqueued.length);
          for (const terminal of [TERMINAL_1, TERMINAL_2]) {
            const platformOrder = actions
              .filter((action) => action.terminal_id === terminal)
              .sort((a, b) => a.createdAt - b.createdAt)
              .map((action) => action.external_reference);
            const queueOrder = enqueued.filter((print) => print.terminalId === terminal).map((print) => print.externalReference);
            expect(platformOrder).toEqual(queueOrder);
          }
        } finally {
          await core?.close();
          await target.close();
          directory.remove();
        }
      }),
      {
        numRuns: Number(process.env['COUNTER_PROPERTY_RUNS'] ?? 40),
        seed: Number(process.env['COUNTER_PROPERTY_SEED'] ?? Date.now() % 2_147_483_647),
        endOnFailure: true,
      },
    );
  }, 120_000);
});
