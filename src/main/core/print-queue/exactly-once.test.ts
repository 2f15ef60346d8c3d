import { appendFileSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PrintSummary } from '../../../shared/ipc/channels/prints';
import { createAppCore, type AppCore } from '../app-core';
import { createMemoryStore } from '../settings/store';
import { COUNTER_APP, createTestHttp, driveUntil, receipt, startTestSandbox, temporaryDirectory, testCoreOptions, TERMINAL_1, TERMINAL_2, type Interference } from '../testing/harness';

/** What can go wrong on the way to the platform, or with the process itself. */
type Trouble = '500' | '429' | 'timeout' | 'drop' | 'lost-response' | 'restart' | 'torn-restart';

interface Step {
  /** Enqueue a print for this terminal before the trouble. */
  enqueue: typeof TERMINAL_1 | typeof TERMINAL_2 | null;
  trouble: Trouble | null;
  /** Which request the network trouble hits: the next create, or the next status poll. */
  target: 'create' | 'get';
  /** Clock time to let pass after the step. */
  waitMs: number;
}

const step: fc.Arbitrary<Step> = fc.record({
  enqueue: fc.constantFrom(TERMINAL_1, TERMINAL_2, null),
  trouble: fc.constantFrom<Trouble | null>('500', '429', 'timeout', 'drop', 'lost-response', 'restart', 'torn-restart', null),
  target: fc.constantFrom('create', 'get'),
  waitMs: fc.integer({ min: 0, max: 4_000 }),
});

function interferenceFor(trouble: Trouble): Interference {
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

describe('exactly once under faults and restarts', () => {
  it('puts every print on the platform exactly once, in its terminal’s order, and journals its true final state', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 8 }), async (steps) => {
        const target = await startTestSandbox();
        const directory = temporaryDirectory();
        const store = createMemoryStore();
        const pending: Array<{ path: 'create' | 'get'; interference: Interference }> = [];
        let core: AppCore | undefined;
        let freeze = () => undefined as void;
        const enqueued: PrintSummary[] = [];

        const boot = () => {
          const recorder = createTestHttp(target.clock, ({ method, path }) => {
            const kind = method === 'POST' && path === '/terminals/v1/actions' ? 'create' : method === 'GET' && path.startsWith('/terminals/v1/actions/') ? 'get' : undefined;
            const index = pending.findIndex((entry) => entry.path === kind);
            if (index === -1) return 'pass';
            return pending.splice(index, 1)[0]?.interference ?? 'pass';
          });
          freeze = recorder.freeze;
          core = createAppCore({
            store,
            ...testCoreOptions(target, recorder.http),
            sandboxCredentials: { clientId: COUNTER_APP.clientId, clientSecret: COUNTER_APP.clientSecret },
            dataDirectory: directory.path,
            journalSegmentBytes: 64 * 1024,
            queuePolicy: { requestTimeoutMs: 3_000 },
          });
        };

        /** Kills the process: nothing more goes out or comes back, the journal is left as it is. */
        const crash = async (tearTail: boolean) => {
          freeze();
          await core?.dispose();
          if (tearTail) {
            const journalDirectory = join(directory.path, 'journal', 'sandbox');
            const segment = (existsSync(journalDirectory) ? readdirSync(journalDirectory) : []).filter((name) => name.startsWith('seg-')).sort().at(-1);
            if (segment !== undefined) appendFileSync(join(journalDirectory, segment), '1a2b3c4d {"k":"upd","id":"torn');
          }
          boot();
        };

        try {
          boot();
          for (const { enqueue, trouble, target: path, waitMs } of steps) {
            if (enqueue !== null && core !== undefined) enqueued.push(await core.handlers['prints.enqueue']({ terminalId: enqueue, subtype: 'custom', content: receipt(`print ${enqueued.length}`) }));
            if (trouble === 'restart' || trouble === 'torn-restart') await crash(trouble === 'torn-restart');
            else if (trouble !== null) pending.push({ path, interference: interferenceFor(trouble) });
            await driveUntil(target.clock, () => false, { stepMs: 200, maxMs: waitMs, what: 'time to pass' }).catch(() => undefined);
          }
          pending.length = 0;

          const finalStatus = async (id: string) => (await core?.handlers['prints.get']({ id, includeContent: false }))?.status;
          await driveUntil(
            target.clock,
            async () => {
              for (const print of enqueued) if ((await finalStatus(print.id)) !== 'processed') return false;
              return true;
            },
            { stepMs: 250, maxMs: 10 * 60_000, what: 'every print processed' },
          );

          const actions = target.actions();
          for (const print of enqueued) {
            const onPlatform = actions.filter((action) => action.external_reference === print.externalReference);
            expect(onPlatform, `print ${print.externalReference}`).toHaveLength(1);
            expect(onPlatform[0]?.status).toBe('processed');
            const journaled = await core?.handlers['prints.get']({ id: print.id, includeContent: false });
            expect(journaled).toMatchObject({ status: 'processed', actionId: onPlatform[0]?.id });
          }
          expect(actions).toHaveLength(enqueued.length);
          for (const terminal of [TERMINAL_1, TERMINAL_2]) {
            const platformOrder = actions.filter((action) => action.terminal_id === terminal).sort((a, b) => a.createdAt - b.createdAt).map((action) => action.external_reference);
            const queueOrder = enqueued.filter((print) => print.terminalId === terminal).map((print) => print.externalReference);
            expect(platformOrder).toEqual(queueOrder);
          }
        } finally {
          await core?.dispose();
          await target.close();
          directory.remove();
        }
      }),
      { numRuns: Number(process.env['COUNTER_PROPERTY_RUNS'] ?? 20), seed: Number(process.env['COUNTER_PROPERTY_SEED'] ?? Date.now() % 2_147_483_647), endOnFailure: true },
    );
  }, 120_000);
});
