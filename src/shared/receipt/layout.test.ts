import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  NORMAL_COLUMNS,
  PAPER_WIDTH_MM,
  PRINTABLE_WIDTH_DOTS,
  PRINTER_DOTS_PER_MM,
  SMALL_COLUMNS,
  layout,
  parse,
  renderText,
  type ReceiptLayoutOptions,
  type ReceiptTextLine,
} from './index';

function paper(content: string, options?: ReceiptLayoutOptions): string[] {
  return renderText(layout(parse(content).document, options)).split('\n');
}

function textLines(content: string, options?: ReceiptLayoutOptions): ReceiptTextLine[] {
  return layout(parse(content).document, options).lines.filter((line): line is ReceiptTextLine => line.kind === 'text');
}

function lineText(line: ReceiptTextLine | undefined): string {
  return line?.runs.map((run) => run.text).join('') ?? '';
}

/** Printed columns of a line, counting wide characters twice and small ones on their grid. */
function columnsUsed(line: ReceiptTextLine, smallGrid: boolean): number {
  return line.width / (smallGrid ? NORMAL_COLUMNS : SMALL_COLUMNS);
}

describe('paper constants', () => {
  it('describe a 58 mm roll printing 384 dots at 8 dots/mm in 32 or 46 columns', () => {
    expect(PAPER_WIDTH_MM).toBe(58);
    expect(PRINTABLE_WIDTH_DOTS).toBe(384);
    expect(PRINTABLE_WIDTH_DOTS / PRINTER_DOTS_PER_MM).toBe(48);
    expect([NORMAL_COLUMNS, SMALL_COLUMNS]).toEqual([32, 46]);
  });
});

describe('layout: wrapping', () => {
  it('32 dashes fill exactly one normal line, 33 wrap', () => {
    expect(paper('-'.repeat(32))).toEqual(['-'.repeat(32)]);
    expect(paper('-'.repeat(33))).toEqual(['-'.repeat(32), '-']);
  });

  it('46 dashes fill exactly one small line, 47 wrap', () => {
    expect(paper(`{s}${'-'.repeat(46)}{/s}`)).toEqual(['-'.repeat(46)]);
    expect(paper(`{s}${'-'.repeat(47)}{/s}`)).toEqual(['-'.repeat(46), '-']);
  });

  it('16 wide characters fill a line, the 17th wraps', () => {
    const lines = textLines(`{w}${'W'.repeat(17)}{/w}`);
    expect(lines.map(lineText)).toEqual(['W'.repeat(16), 'W']);
    expect(lines[0] && columnsUsed(lines[0], false)).toBe(32);
  });

  it('wraps at spaces, never inside a word that fits on the next line', () => {
    const content = 'The quick brown fox jumps over the lazy dog and keeps running far away';
    const lines = paper(content);
    expect(lines).toEqual(['The quick brown fox jumps over', 'the lazy dog and keeps running', 'far away']);
    expect(lines.join(' ')).toBe(content);
  });

  it('wraps wide text at spaces on the 16-column grid', () => {
    expect(textLines('{w}TOTAL A PAGAR $ 12.345{/w}').map(lineText)).toEqual(['TOTAL A PAGAR $', '12.345']);
  });

  it('wraps small text at 46 columns', () => {
    const words = 'Conserve este comprobante para cambios y devoluciones dentro de 30 dias';
    const lines = textLines(`{s}${words}{/s}`);
    expect(lines.map(lineText)).toEqual(['Conserve este comprobante para cambios y', 'devoluciones dentro de 30 dias']);
    expect(lines.every((line) => line.size === 'small')).toBe(true);
  });

  it('hard-breaks a word longer than a line', () => {
    const url = `https://example.com/${'a'.repeat(40)}`;
    expect(paper(`see ${url}`)).toEqual(['see', url.slice(0, 32), url.slice(32)]);
  });

  it('mixes sizes on one line by their real widths', () => {
    // 16 normal columns + 23 small columns (= 16 normal) fill the line exactly.
    const lines = textLines(`${'n'.repeat(16)}{s}${'s'.repeat(23)}{/s}x`);
    expect(lines.map(lineText)).toEqual([`${'n'.repeat(16)}${'s'.repeat(23)}`, 'x']);
    expect(lines[0]?.size).toBe('normal');
  });

  it('honours another column count', () => {
    expect(paper('-'.repeat(48), { columns: 48 })).toEqual(['-'.repeat(48)]);
    expect(paper('-'.repeat(49), { columns: 48 })).toEqual(['-'.repeat(48), '-']);
  });

  it('keeps every line within the paper for any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), fc.constantFrom('', '{w}', '{s}', '{s}{w}'), (text, tag) => {
        const result = layout(parse(`${tag}${text}`).document);
        for (const line of result.lines) {
          if (line.kind === 'text') expect(line.x + line.width).toBeLessThanOrEqual(result.lineUnits);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('layout: lines and breaks', () => {
  it('{br} and newlines break lines; two breaks leave a blank line', () => {
    expect(paper('a{br}b\nc{br}{br}d')).toEqual(['a', 'b', 'c', '', 'd']);
  });

  it('a trailing break does not add a blank line at the end', () => {
    expect(paper('a{br}')).toEqual(['a']);
  });

  it('spaces at a wrap point disappear, indentation at the start of a line stays', () => {
    expect(paper(`  indented{br}${'x'.repeat(31)}   y`)).toEqual(['  indented', 'x'.repeat(31), 'y']);
  });

  it('tabs print as a space and control characters print nothing', () => {
    expect(paper('a\tb\u0007c')).toEqual(['a bc']);
  });
});

describe('layout: alignment', () => {
  it('centres a line in the remaining space', () => {
    const [line] = textLines('{center}TOTAL{/center}');
    expect(line).toMatchObject({ align: 'center', x: Math.floor(((32 - 5) * 46) / 2) });
    expect(paper('{center}TOTAL{/center}')).toEqual([`${' '.repeat(14)}TOTAL`]);
  });

  it('centres every wrapped line separately', () => {
    expect(paper('{center}The quick brown fox jumps over the lazy dog{/center}')).toEqual([' The quick brown fox jumps over', '          the lazy dog']);
  });

  it('centres wide and small lines on their own grids', () => {
    expect(paper('{center}{w}HI{/w}{/center}')).toEqual([`${' '.repeat(14)}H I`]);
    expect(paper('{center}{s}hi{/s}{/center}')).toEqual([`${' '.repeat(22)}hi`]);
  });

  it('leaves untagged text left-aligned', () => {
    expect(textLines('TOTAL')[0]).toMatchObject({ align: 'left', x: 0 });
  });

  it('aligns a line by the tag in effect at its first character', () => {
    expect(textLines('left {center}then centre{/center}')[0]?.align).toBe('left');
    expect(textLines('{center}centre{/center} then left')[0]?.align).toBe('center');
  });
});

describe('layout: styles', () => {
  it('splits a line into runs where the style changes', () => {
    const [line] = textLines('Total: {b}$ 100{/b} ok');
    expect(line?.runs.map((run) => [run.text, run.style.bold])).toEqual([
      ['Total: ', false],
      ['$ 100', true],
      [' ok', false],
    ]);
    expect(line?.runs.map((run) => run.x)).toEqual([0, 7 * 46, 12 * 46]);
  });

  it('wide characters render spaced out in text', () => {
    expect(paper('{w}AB{/w}C')).toEqual(['A B C']);
  });
});

describe('layout: accents and Unicode', () => {
  it('counts accented letters as one column', () => {
    const word = 'ñandú café piña ';
    const content = word.repeat(2);
    expect(content.trimEnd()).toHaveLength(31);
    expect(paper(content)).toEqual([content.trimEnd()]);
  });

  it('normalises decomposed accents so they take one column and print precomposed', () => {
    const decomposed = 'Cafe\u0301 '.repeat(6) + 'ab';
    expect(decomposed.normalize('NFC')).toHaveLength(32);
    expect(paper(decomposed)).toEqual(['Café '.repeat(6) + 'ab']);
  });

  it('keeps a combining mark without precomposed form on its base character', () => {
    const [line] = textLines(`${'x'.repeat(31)}q\u0303`);
    expect(line?.runs[0]?.characters).toBe(32);
    expect(lineText(line)).toBe(`${'x'.repeat(31)}q\u0303`);
  });

  it('counts an astral character (emoji) as one column', () => {
    expect(textLines('☕😀')[0]?.runs[0]?.characters).toBe(2);
  });
});

describe('layout: codes', () => {
  it('put QR and PDF417 on lines of their own, centred', () => {
    const result = layout(parse('Scan:{qr}https://example.com{/qr}thanks{pdf417}TED{/pdf417}').document);
    expect(result.lines.map((line) => line.kind)).toEqual(['text', 'code', 'text', 'code']);
    expect(result.lines[1]).toEqual({ kind: 'code', symbology: 'qr', data: 'https://example.com', align: 'center' });
  });

  it('a break right after a code does not add a blank line', () => {
    expect(paper('a{br}{qr}x{/qr}{br}b')).toEqual(['a', '            [QR: x]', 'b']);
  });

  it('keep a multi-line code on one placeholder line in text', () => {
    expect(paper('{qr}a\nb{/qr}')).toEqual([`${' '.repeat(11)}[QR: a\\nb]`]);
  });

  it('render as a placeholder line in text', () => {
    expect(paper('{pdf417}TED 1{/pdf417}')).toEqual([`${' '.repeat(8)}[PDF417: TED 1]`]);
  });
});

describe('layout options', () => {
  it('rejects a column count that is not a positive integer', () => {
    expect(() => layout(parse('x').document, { columns: 0 })).toThrow(RangeError);
  });
});
