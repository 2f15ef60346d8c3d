import { describe, expect, it } from 'vitest';
import { requestIdSource } from './request-id';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it('are UUID v4 shaped and never repeat within a process', () => {
    const next = requestIdSource();
    const ids = Array.from({ length: 10_000 }, next);
    for (const id of ids) expect(id).toMatch(UUID_V4);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('differ between two processes (two sources)', () => {
    const first = requestIdSource();
    const second = requestIdSource();
    const seen = new Set(Array.from({ length: 1000 }, first));
    for (let index = 0; index < 1000; index++) expect(seen.has(second())).toBe(false);
  });
});
