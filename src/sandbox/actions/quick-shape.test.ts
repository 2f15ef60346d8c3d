import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CreateActionRequest, PrintSubtype } from '../../shared/platform/terminal-actions';
import { quickCreateShape } from './quick-shape';

const validBody = fc.record({
  type: fc.constant('print'),
  external_reference: fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
  config: fc.record({ point: fc.record({ terminal_id: fc.string({ minLength: 1 }), subtype: fc.constantFrom(...PrintSubtype.options) }) }),
  content: fc.string({ unit: 'binary' }),
});

const nearValue = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom('', 'print', 'PRINT', 'custom', 'image', 'invoice', 'x'.repeat(64), 'x'.repeat(65), 'a b', [], {}, null, 0),
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
  ['config', 'extra'],
  ['config', 'point', 'extra'],
];

/** A valid body with some properties replaced, removed or added: near misses of every check. */
const nearBody = fc
  .tuple(validBody, fc.array(fc.record({ path: fc.constantFrom(...PATHS), remove: fc.boolean(), value: nearValue }), { minLength: 1, maxLength: 3 }))
  .map(([valid, mutations]) => {
    const body: unknown = structuredClone(valid);
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

describe('quickCreateShape', () => {
  it('answers every valid body exactly as the schema does', () => {
    fc.assert(
      fc.property(validBody, (body) => {
        const quick = quickCreateShape(body);
        expect(quick).toBeDefined();
        expect(quick).toStrictEqual(CreateActionRequest.parse(body));
        expect(Object.keys(quick ?? {})).toEqual(Object.keys(CreateActionRequest.parse(body)));
      }),
      { numRuns: 300 },
    );
  });

  it('accepts nothing the schema refuses, and gives the schema’s answer for what it accepts', () => {
    fc.assert(
      fc.property(fc.oneof(nearBody, fc.jsonValue()), (body) => {
        const quick = quickCreateShape(body);
        const parsed = CreateActionRequest.safeParse(body);
        if (quick !== undefined) expect(parsed).toEqual({ success: true, data: quick });
        else if (parsed.success) throw new Error(`a body the schema accepts was left to it: ${JSON.stringify(body)}`);
      }),
      { numRuns: 1000 },
    );
  });

  it('leaves each kind of refused body to the schema, which reports it', () => {
    const valid = { type: 'print', external_reference: 'A', config: { point: { terminal_id: 'T', subtype: 'custom' } }, content: 'x' };
    const point = valid.config.point;
    const refused: unknown[] = [
      { ...valid, extra: 1 },
      { ...valid, config: { point, extra: 1 } },
      { ...valid, config: { point: { ...point, extra: 1 } } },
      { ...valid, type: 'PRINT' },
      { ...valid, external_reference: '' },
      { ...valid, external_reference: 'x'.repeat(65) },
      { ...valid, external_reference: 'a b' },
      { ...valid, external_reference: 1 },
      { ...valid, config: { point: { ...point, terminal_id: '' } } },
      { ...valid, config: { point: { ...point, subtype: 'pdf' } } },
      { ...valid, config: [] },
      { ...valid, content: null },
      { type: 'print', external_reference: 'A', config: valid.config },
      [valid],
      null,
    ];
    for (const body of refused) {
      expect(quickCreateShape(body)).toBeUndefined();
      expect(CreateActionRequest.safeParse(body).success).toBe(false);
    }
    expect(quickCreateShape({ ...valid, external_reference: 'x'.repeat(64) })).toBeDefined();
  });
});
