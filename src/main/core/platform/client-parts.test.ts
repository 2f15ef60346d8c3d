import { describe, expect, it } from 'vitest';
import { NO_HTTP_STATUS, PlatformError } from './errors';
import { createProbe } from './probe';
import { createTerminalsClient } from './terminals-client';
import type { PlatformRequest, PlatformTransport } from './transport';

/** A transport that answers each request with the next of `answers` (a value, or an error to throw). */
function fakeTransport(answers: unknown[]): PlatformTransport & { seen: Array<PlatformRequest<unknown>> } {
  const seen: Array<PlatformRequest<unknown>> = [];
  return {
    seen,
    async request<T>(request: PlatformRequest<T>): Promise<T> {
      seen.push(request as PlatformRequest<unknown>);
      const answer = answers.shift();
      if (answer instanceof Error) throw answer;
      return answer as T;
    },
  };
}

const page = (ids: string[], total: number) => ({
  data: { terminals: ids.map((id) => ({ id, pos_id: 1, store_id: '1', external_pos_id: 'P', operating_mode: 'PDV' })) },
  paging: { total, offset: 0, limit: 50 },
});

describe('terminals client', () => {
  it('reads every page in order, each from where the last ended', async () => {
    const transport = fakeTransport([page(['a', 'b'], 3), page(['c'], 3)]);
    const all = await createTerminalsClient(transport).listAll();
    expect(all.map((terminal) => terminal.id)).toEqual(['a', 'b', 'c']);
    expect(transport.seen.map((request) => request.query?.['offset'])).toEqual([0, 2]);
  });

  it('stops at an empty page even when the total says there is more', async () => {
    const transport = fakeTransport([page(['a'], 10), page([], 10)]);
    expect((await createTerminalsClient(transport).listAll()).map((terminal) => terminal.id)).toEqual(['a']);
    expect(transport.seen).toHaveLength(2);
  });
});

describe('probe', () => {
  it('calls any HTTP answer reachable, and no answer unreachable with its code, in one quick attempt without a token', async () => {
    const probe = createProbe(
      fakeTransport([
        undefined,
        new PlatformError({ status: 404, code: 'not_found' }),
        new PlatformError({ status: NO_HTTP_STATUS, code: 'timeout', detail: 'no answer within 5000 ms' }),
      ]),
    );
    expect(await probe('platform')).toEqual({ reachable: true });
    expect(await probe('platform')).toEqual({ reachable: true });
    expect(await probe('sandbox')).toEqual({ reachable: false, code: 'timeout', detail: 'no answer within 5000 ms' });
    const transport = fakeTransport([undefined]);
    await createProbe(transport)('sandbox');
    expect(transport.seen[0]).toMatchObject({ path: '/__sandbox/health', authenticated: false, options: { maxAttempts: 1, timeoutMs: 5_000 } });
  });
});
