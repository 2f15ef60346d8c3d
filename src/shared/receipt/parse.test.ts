import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CUSTOM_CONTENT_MAX_LENGTH,
  CUSTOM_CONTENT_MIN_LENGTH,
  hasBlockingProblems,
  parse,
  validateCustomContent,
  type ReceiptProblem,
  type ReceiptProblemCode,
  type ReceiptTextNode,
} from './index';

/** Long enough and tagged, so tests of one rule are not drowned by the length rules. */
const VALID_TAIL = `{br}${'Thank you for shopping with us. '.repeat(4)}`;

function problemsOf(content: string, code: ReceiptProblemCode): ReceiptProblem[] {
  return parse(content).problems.filter((problem) => problem.code === code);
}

function textNodes(content: string): ReceiptTextNode[] {
  return parse(content).document.nodes.filter((node): node is ReceiptTextNode => node.kind === 'text');
}

/** What an editor would underline. */
function underlined(content: string, problem: ReceiptProblem): string {
  return content.slice(problem.start, problem.end);
}

describe('parse: tags become styles on the text they wrap', () => {
  it('{b} makes text bold and only that text', () => {
    const [before, bold, after] = textNodes(`a{b}bold{/b}c${VALID_TAIL}`);
    expect(before).toMatchObject({ text: 'a', style: { bold: false } });
    expect(bold).toMatchObject({ text: 'bold', style: { bold: true, wide: false, small: false } });
    expect(after).toMatchObject({ text: 'c', style: { bold: false } });
  });

  it('{w} makes text wide and {s} makes it small', () => {
    const [wide, small] = textNodes(`{w}BIG{/w}{s}tiny{/s}${VALID_TAIL}`);
    expect(wide).toMatchObject({ text: 'BIG', style: { wide: true, small: false } });
    expect(small).toMatchObject({ text: 'tiny', style: { wide: false, small: true } });
  });

  it('nested styles combine', () => {
    const [node] = textNodes(`{b}{w}{s}all{/s}{/w}{/b}${VALID_TAIL}`);
    expect(node?.style).toEqual({ bold: true, wide: true, small: true });
  });

  it('{center} centres its text, untagged text is left-aligned, {left} inside {center} wins', () => {
    const nodes = textNodes(`plain{center}mid{left}inner{/left}back{/center}${VALID_TAIL}`);
    expect(nodes.slice(0, 4).map((node) => [node.text, node.align])).toEqual([
      ['plain', 'left'],
      ['mid', 'center'],
      ['inner', 'left'],
      ['back', 'center'],
    ]);
  });

  it('{br}, \\n and \\r\\n are line breaks with their source spans', () => {
    const content = `a{br}b\nc\r\nd${VALID_TAIL}`;
    const breaks = parse(content)
      .document.nodes.filter((node) => node.kind === 'break')
      .slice(0, 3);
    expect(breaks.map((node) => content.slice(node.start, node.end))).toEqual(['{br}', '\n', '\r\n']);
  });

  it('{qr} and {pdf417} become codes carrying their text verbatim', () => {
    const content = `{qr}https://example.com/r?id=1&x={1}{/qr}{pdf417}<TED version="1.0"/>{/pdf417}${VALID_TAIL}`;
    const codes = parse(content).document.nodes.filter((node) => node.kind === 'code');
    expect(codes).toMatchObject([
      { symbology: 'qr', data: 'https://example.com/r?id=1&x={1}', start: 0 },
      { symbology: 'pdf417', data: '<TED version="1.0"/>' },
    ]);
    expect(content.slice(codes[0]?.start, codes[0]?.end)).toBe('{qr}https://example.com/r?id=1&x={1}{/qr}');
  });

  it('text node spans point back at the source text', () => {
    const content = `{b}Total{/b} 1.000${VALID_TAIL}`;
    for (const node of textNodes(content)) expect(content.slice(node.start, node.end)).toBe(node.text);
  });

  it('a valid receipt has no problems', () => {
    const content = `{center}{b}SHOP{/b}{/center}{br}Coffee 2.500{br}{qr}https://example.com{/qr}${VALID_TAIL}`;
    expect(parse(content).problems).toEqual([]);
  });
});

describe('parse: problems point at the offending characters', () => {
  it('unknown_tag underlines the unknown tag and keeps it as literal text', () => {
    const content = `Price {foo} 100${VALID_TAIL}`;
    const [problem] = problemsOf(content, 'unknown_tag');
    expect(problem).toMatchObject({ start: 6, end: 11, severity: 'warning' });
    expect(textNodes(content)[0]?.text).toBe('Price {foo} 100');
  });

  it('unknown_tag for a lone brace underlines just the brace', () => {
    const content = `a { b${VALID_TAIL}`;
    const [problem] = problemsOf(content, 'unknown_tag');
    expect(problem).toMatchObject({ start: 2, end: 3 });
  });

  it('unknown_tag suggests the lowercase tag for {B}', () => {
    const [problem] = problemsOf(`{B}x{/B}${VALID_TAIL}`, 'unknown_tag');
    expect(problem?.message).toContain('{b}');
  });

  it('unclosed_tag underlines the opening tag', () => {
    const content = `ok {b}never closed${VALID_TAIL}`;
    const [problem] = problemsOf(content, 'unclosed_tag');
    expect(problem).toMatchObject({ start: 3, end: 6, severity: 'error' });
    expect(underlined(content, problem as ReceiptProblem)).toBe('{b}');
  });

  it('unclosed_tag for a {qr} without {/qr}', () => {
    const content = `{qr}https://example.com${VALID_TAIL}`;
    const [problem] = problemsOf(content, 'unclosed_tag');
    expect(problem).toMatchObject({ start: 0, end: 4 });
  });

  it('unexpected_closing_tag underlines a closing tag with nothing open, and {/br}', () => {
    const content = `x{/b}y{/br}${VALID_TAIL}`;
    const problems = problemsOf(content, 'unexpected_closing_tag');
    expect(problems.map((problem) => underlined(content, problem))).toEqual(['{/b}', '{/br}']);
  });

  it('crossed_tags underlines the closing tag that crosses, and reports it once', () => {
    const content = `{b}{w}x{/b}{/w}${VALID_TAIL}`;
    const problems = parse(content).problems;
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ code: 'crossed_tags', start: 7, end: 11 });
  });

  it('empty_code underlines the whole empty code, including whitespace-only ones', () => {
    const content = `{qr}{/qr}{pdf417}  {/pdf417}${VALID_TAIL}`;
    const problems = problemsOf(content, 'empty_code');
    expect(problems.map((problem) => underlined(content, problem))).toEqual(['{qr}{/qr}', '{pdf417}  {/pdf417}']);
  });

  it('nested_code underlines each tag inside a code', () => {
    const content = `{qr}abc{b}def{/b}{/qr}${VALID_TAIL}`;
    const problems = problemsOf(content, 'nested_code');
    expect(problems.map((problem) => [problem.start, problem.end])).toEqual([
      [7, 10],
      [13, 17],
    ]);
  });

  it('code_too_long when a QR cannot hold the data', () => {
    const data = 'x'.repeat(2400);
    const problems = problemsOf(`{qr}${data}{/qr}`, 'code_too_long');
    expect(problems).toMatchObject([{ start: 4, end: 4 + data.length }]);
  });

  it('too_short below 100 characters including tags, not at exactly 100', () => {
    const short = `{b}${'x'.repeat(CUSTOM_CONTENT_MIN_LENGTH - 8)}{/b}`;
    expect(short.length).toBe(CUSTOM_CONTENT_MIN_LENGTH - 1);
    expect(problemsOf(short, 'too_short')).toMatchObject([{ start: 0, end: short.length }]);
    expect(problemsOf(`${short}x`, 'too_short')).toEqual([]);
  });

  it('too_long above 4096 characters including tags underlines the excess', () => {
    const exact = `{b}${'x'.repeat(CUSTOM_CONTENT_MAX_LENGTH - 7)}{/b}`;
    expect(exact.length).toBe(CUSTOM_CONTENT_MAX_LENGTH);
    expect(problemsOf(exact, 'too_long')).toEqual([]);
    const over = `${exact}yz`;
    expect(problemsOf(over, 'too_long')).toMatchObject([{ start: CUSTOM_CONTENT_MAX_LENGTH, end: over.length }]);
  });

  it('no_tag when the content has no supported tag, even with unknown ones', () => {
    const plain = 'x'.repeat(120);
    expect(problemsOf(plain, 'no_tag')).toMatchObject([{ start: 0, end: 120 }]);
    expect(problemsOf(`{foo}${plain}`, 'no_tag')).toHaveLength(1);
    expect(problemsOf(`{br}${plain}`, 'no_tag')).toEqual([]);
  });

  it('problems come sorted by position', () => {
    const problems = parse(`{/s}{foo}{b}${VALID_TAIL}`).problems;
    const starts = problems.map((problem) => problem.start);
    expect(starts).toEqual([...starts].sort((left, right) => left - right));
  });
});

describe('validateCustomContent and hasBlockingProblems', () => {
  it('returns the same problems as parse', () => {
    const content = `{b}{w}x{/b}{/w}`;
    expect(validateCustomContent(content)).toEqual(parse(content).problems);
  });

  it('blocks on errors but not on an unknown tag alone', () => {
    expect(hasBlockingProblems(validateCustomContent(`{b}ok{/b}${VALID_TAIL}`))).toBe(false);
    expect(hasBlockingProblems(validateCustomContent(`{b}ok{/b} {2x1}${VALID_TAIL}`))).toBe(false);
    expect(hasBlockingProblems(validateCustomContent(`{b}ok${VALID_TAIL}`))).toBe(true);
    expect(hasBlockingProblems(validateCustomContent('{b}too short{/b}'))).toBe(true);
  });
});

describe('parse never throws', () => {
  const tagLike = fc.constantFrom(
    '{b}',
    '{/b}',
    '{w}',
    '{/w}',
    '{s}',
    '{/s}',
    '{br}',
    '{/br}',
    '{left}',
    '{/left}',
    '{center}',
    '{/center}',
    '{qr}',
    '{/qr}',
    '{pdf417}',
    '{/pdf417}',
    '{',
    '}',
    '{x}',
    '\n',
    '\r',
    'é',
    'e\u0301',
    '\ud800',
  );
  const receiptish = fc.array(fc.oneof(tagLike, fc.string({ maxLength: 8 })), { maxLength: 60 }).map((parts) => parts.join(''));

  it('for any string, with every problem inside the content', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), receiptish), (content) => {
        const { document, problems } = parse(content);
        for (const problem of problems) {
          expect(problem.start).toBeGreaterThanOrEqual(0);
          expect(problem.end).toBeGreaterThanOrEqual(problem.start);
          expect(problem.end).toBeLessThanOrEqual(content.length);
        }
        for (const node of document.nodes) {
          expect(node.start).toBeGreaterThanOrEqual(0);
          expect(node.end).toBeLessThanOrEqual(content.length);
          if (node.kind === 'text') expect(content.slice(node.start, node.end)).toBe(node.text);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
