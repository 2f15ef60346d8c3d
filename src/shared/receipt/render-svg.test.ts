import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { encodeSymbol, escapeXml, layout, parse, renderSvg, type ReceiptLayoutOptions } from './index';

function svgOf(content: string, options?: ReceiptLayoutOptions): string {
  return renderSvg(layout(parse(content).document, options));
}

interface SvgElement {
  readonly [key: string]: unknown;
}

function parseSvg(svg: string): SvgElement {
  const validation = XMLValidator.validate(svg);
  expect(validation).toBe(true);
  const tree = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    isArray: (_name: string, _path: unknown, _leaf: boolean, isAttribute: boolean) => !isAttribute,
  }).parse(svg) as {
    svg: SvgElement[];
  };
  const root = tree.svg[0];
  if (root === undefined) throw new Error('no <svg> root');
  return root;
}

/** All <text> elements under the paper, in document order, with their attributes. */
function textElements(root: SvgElement): Array<Record<string, string>> {
  const found: Array<Record<string, string>> = [];
  const visit = (element: SvgElement): void => {
    for (const [name, value] of Object.entries(element)) {
      if (!Array.isArray(value)) continue;
      for (const child of value as unknown[]) {
        if (typeof child !== 'object' || child === null) continue;
        if (name === 'text') found.push(child as Record<string, string>);
        visit(child as SvgElement);
      }
    }
  };
  visit(root);
  return found;
}

function textContent(element: Record<string, string> | undefined): string {
  const value: unknown = element?.['#text'];
  return Array.isArray(value) ? value.join('') : String(value ?? '');
}

const RECEIPT = [
  '{center}{b}{w}CAFÉ ÑANDÚ{/w}{/b}{br}Av. Siempre Viva 742{/center}',
  '--------------------------------',
  'Café con leche x2        $ 5.000',
  '{s}Fish & Chips <promo> "2x1"{/s}',
  '{qr}https://counter.example/r/123{/qr}',
  '{pdf417}<TED version="1.0"><DD><RE>76.123.456-7</RE></DD></TED>{/pdf417}',
].join('\n');

describe('renderSvg', () => {
  it('is well-formed XML sized to the 384-dot paper, with its column counts', () => {
    const root = parseSvg(svgOf(RECEIPT));
    expect(root).toMatchObject({ viewBox: expect.stringMatching(/^0 0 384 \d+$/), width: '384', 'data-columns': '32', 'data-small-columns': '46' });
  });

  it('contains every text line, escaped, with spaces preserved', () => {
    const svg = svgOf(RECEIPT);
    const texts = textElements(parseSvg(svg)).map(textContent);
    expect(texts).toContain('CAFÉ ÑANDÚ');
    expect(texts).toContain('Café con leche x2        $ 5.000');
    expect(texts).toContain('Fish & Chips <promo> "2x1"');
    expect(svg).toContain('Fish &amp; Chips &lt;promo&gt; &quot;2x1&quot;');
    expect(svg).toContain('xml:space="preserve"');
  });

  it('draws bold, wide and small runs at their sizes', () => {
    const elements = textElements(parseSvg(svgOf(RECEIPT)));
    const title = elements.find((element) => textContent(element) === 'CAFÉ ÑANDÚ');
    const small = elements.find((element) => textContent(element).startsWith('Fish'));
    const normal = elements.find((element) => textContent(element).startsWith('Café con'));
    expect(title).toMatchObject({ 'font-weight': 'bold', class: 'receipt-text receipt-bold receipt-wide' });
    // Ten wide characters take twenty of the 12-dot columns, centred on the 384-dot line.
    expect(Number(title?.['textLength'])).toBe(240);
    expect(Number(title?.['x'])).toBe(72);
    expect(Number(normal?.['textLength'])).toBe(384);
    expect(Number(small?.['font-size'])).toBeLessThan(Number(normal?.['font-size']));
    expect(Number(small?.['textLength'])).toBeCloseTo((26 * 384) / 46, 1);
  });

  it('draws a real QR and PDF417 symbol, centred on the paper', () => {
    const svg = svgOf(RECEIPT);
    const qr =
      /<g class="receipt-code" data-symbology="qr" data-text="https:\/\/counter.example\/r\/123" transform="translate\((\d+) \d+\) scale\((\d+)\)"><path d="(M[^"]+)"/.exec(
        svg,
      );
    expect(qr).not.toBeNull();
    const encoded = encodeSymbol('qr', 'https://counter.example/r/123', 384);
    if (!encoded.ok) throw new Error(encoded.reason);
    const symbolDots = encoded.symbol.widthModules * encoded.symbol.moduleDots;
    expect(Number(qr?.[1])).toBe(Math.floor((384 - symbolDots) / 2));
    expect(qr?.[3]).toBe(encoded.symbol.path);
    expect(svg).toMatch(/data-symbology="pdf417" data-text="&lt;TED version=&quot;1.0&quot;&gt;/);
  });

  it('grows taller with more lines', () => {
    const height = (svg: string): number => Number(/viewBox="0 0 384 (\d+)"/.exec(svg)?.[1]);
    expect(height(svgOf('a\nb\nc'))).toBeGreaterThan(height(svgOf('a')));
  });

  it('follows the layout width for other column counts', () => {
    expect(svgOf('x', { columns: 48 })).toContain('viewBox="0 0 576 ');
  });

  it('shows a readable placeholder instead of throwing when a code cannot be encoded', () => {
    const svg = svgOf(`{qr}${'x'.repeat(3000)}{/qr}`);
    parseSvg(svg);
    expect(svg).toContain('receipt-code-error');
    expect(svg).toContain('QR code cannot be printed');
  });

  it('stays well-formed for hostile text: control characters, lone surrogates, markup', () => {
    const content = '{b}</text><script>alert(1)</script>{/b}\u0001\ud800 ]]> &amp;{qr}\u0002\n"\'<>&{/qr}';
    const svg = svgOf(content);
    parseSvg(svg);
    expect(svg).not.toContain('<script>');
  });

  it('honours scale and title options', () => {
    const svg = renderSvg(layout(parse('x').document), { scale: 2, title: 'Ticket <1>' });
    expect(svg).toContain('width="768"');
    expect(svg).toContain('<title>Ticket &lt;1&gt;</title>');
  });
});

describe('escapeXml', () => {
  it('escapes markup characters and replaces characters XML cannot carry', () => {
    expect(escapeXml('a<b>&"c"\n')).toBe('a&lt;b&gt;&amp;&quot;c&quot;&#10;');
    expect(escapeXml('x\u0000y\ud800z')).toBe('x\ufffdy\ufffdz');
    expect(escapeXml('😀 stays')).toBe('😀 stays');
  });
});

describe('encodeSymbol', () => {
  it('produces a QR matrix with finder and timing patterns in reading orientation', () => {
    const encoded = encodeSymbol('qr', 'hello', 384);
    if (!encoded.ok) throw new Error(encoded.reason);
    const { modules, widthModules: size } = encoded.symbol;
    const dark = (x: number, y: number): boolean => modules[y * size + x] === 1;
    for (const [originX, originY] of [
      [0, 0],
      [size - 7, 0],
      [0, size - 7],
    ] as const) {
      // A finder is a dark 7×7 ring around a light ring around a dark 3×3 core.
      expect(dark(originX, originY)).toBe(true);
      expect(dark(originX + 6, originY + 6)).toBe(true);
      expect(dark(originX + 1, originY + 1)).toBe(false);
      expect(dark(originX + 3, originY + 3)).toBe(true);
    }
    // Timing pattern: row 6 alternates between the top finders, starting dark.
    for (let x = 8; x < size - 8; x++) expect(dark(x, 6)).toBe(x % 2 === 0);
  });

  it('keeps a PDF417 symbol within the paper', () => {
    const encoded = encodeSymbol('pdf417', 'TED '.repeat(100), 384);
    if (!encoded.ok) throw new Error(encoded.reason);
    expect(encoded.symbol.widthModules * encoded.symbol.moduleDots).toBeLessThanOrEqual(384);
    expect(encoded.symbol.moduleDots).toBe(2);
  });

  it('reports data a QR code cannot hold instead of throwing', () => {
    expect(encodeSymbol('qr', 'x'.repeat(3000), 384)).toMatchObject({ ok: false, reason: expect.stringMatching(/length/i) });
  });

  it('returns the cached symbol for repeated data', () => {
    expect(encodeSymbol('qr', 'same', 384)).toBe(encodeSymbol('qr', 'same', 384));
  });
});
