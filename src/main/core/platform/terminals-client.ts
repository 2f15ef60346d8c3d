import { TerminalsListResponse, type TerminalSummary } from '../../../shared/platform/terminals';
import type { PlatformClient } from './client';
import { TERMINALS_PAGE_LIMIT } from './schemas';
import type { PlatformTransport } from './transport';

/** The terminals list of docs/decisions.md, a page at a time or every page. */
export function createTerminalsClient(transport: PlatformTransport): PlatformClient['terminals'] {
  const terminals: PlatformClient['terminals'] = {
    list: (page, options) =>
      transport.request({
        method: 'GET',
        path: '/terminals/v1/list',
        query: { limit: page.limit ?? TERMINALS_PAGE_LIMIT, offset: page.offset ?? 0 },
        authenticated: true,
        idempotent: false,
        response: { kind: 'json', schema: TerminalsListResponse },
        options,
      }),
    async listAll(options) {
      const all: TerminalSummary[] = [];
      for (;;) {
        const page = await terminals.list({ limit: TERMINALS_PAGE_LIMIT, offset: all.length }, options);
        all.push(...page.data.terminals);
        // An empty page ends it too, so a platform whose total is wrong cannot loop us forever.
        if (page.data.terminals.length === 0 || all.length >= page.paging.total) return all;
      }
    },
  };
  return terminals;
}
