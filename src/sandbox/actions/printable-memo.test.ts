import { describe, expect, it } from 'vitest';
import { SandboxError } from '../errors';
import { PrintableMemo } from './printable-memo';
import { checkContent } from './validate';

const request = (content: string) => ({
  type: 'print' as const,
  external_reference: 'A',
  config: { point: { terminal_id: 'T', subtype: 'custom' as const } },
  content,
});

function outcome(content: string): unknown {
  try {
    return checkContent(request(content));
  } catch (error) {
    return error instanceof SandboxError ? error.toBody() : error;
  }
}

describe('PrintableMemo', () => {
  it('keeps at most its capacity, dropping the oldest first', () => {
    const memo = new PrintableMemo(2, 100);
    memo.remember('a');
    memo.remember('b');
    memo.remember('c');
    expect(memo.size).toBe(2);
    expect(memo.has('a')).toBe(false);
    expect(memo.has('b') && memo.has('c')).toBe(true);
  });

  it('does not keep long texts', () => {
    const memo = new PrintableMemo(2, 3);
    memo.remember('abcd');
    expect(memo.has('abcd')).toBe(false);
  });
});

describe('checkContent with remembered receipts', () => {
  it('answers a receipt sent again exactly as the first time, printable or not', () => {
    const line = '1 x Cafe americano            $2.500{br}'.repeat(4);
    const printable = `{center}{b}RECEIPT{/b}{/center}{br}${line}`;
    const unclosed = `{b}RECEIPT${line}`;
    for (const content of [printable, unclosed, printable, unclosed]) {
      const first = outcome(content);
      expect(outcome(content)).toStrictEqual(first);
    }
    expect(outcome(printable)).toStrictEqual({});
    expect(outcome(unclosed)).toMatchObject({ status: 400, error: 'property_value' });
  });
});
