import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hasBlockingProblems, parse } from '../receipt';
import { checkDteXml, dteReceiptContent, isValidRut, readDte } from './dte';

const SAMPLE = readFileSync(new URL('../../../resources/samples/dte-factura-33.xml', import.meta.url), 'utf8');
const elements = (xml: string): string[] => checkDteXml(xml).map((problem) => problem.element);

describe('checkDteXml', () => {
  it('accepts the sample invoice (resources/samples/dte-factura-33.xml)', () => {
    expect(checkDteXml(SAMPLE)).toEqual([]);
  });

  it('reads issuer, document, folio, items, totals and the flattened TED', () => {
    const reading = readDte(SAMPLE);
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    expect(reading.dte).toMatchObject({
      documentType: 33,
      documentName: 'FACTURA ELECTRONICA',
      folio: 60,
      issueDate: '2026-01-15',
      issuer: { rut: '76123456-0', name: 'COMERCIAL TIENDA CENTRO SPA' },
      receiver: { rut: '77654321-7' },
      totals: { net: 10000, vat: 1900, total: 11900 },
    });
    expect(reading.dte.items.map((item) => [item.name, item.amount])).toEqual([
      ['RESMA PAPEL CARTA', 7000],
      ['CORCHETERA METALICA', 3000],
    ]);
    expect(reading.dte.stamp).toMatch(/^<TED version="1.0"><DD><RE>76123456-0<\/RE>.*<\/FRMT><\/TED>$/);
    expect(reading.dte.stamp).not.toMatch(/>\s+</);
  });

  it('reports XML that is not well formed, with its line', () => {
    const [problem] = checkDteXml('<DTE>\n<Documento>\n</DTE>');
    expect(problem).toMatchObject({ element: 'xml', line: expect.any(Number) as unknown });
  });

  it('refuses a DOCTYPE (no entity expansion)', () => {
    expect(elements(`<!DOCTYPE DTE [<!ENTITY x "y">]>${SAMPLE.replace(/^<\?xml[^>]*>/, '')}`)).toEqual(['xml']);
  });

  it('needs the DTE root element', () => {
    expect(elements('<Factura><Folio>1</Folio></Factura>')).toEqual(['DTE']);
  });

  it.each([
    ['<TipoDTE>33</TipoDTE>', 'DTE/Documento/Encabezado/IdDoc/TipoDTE'],
    ['<Folio>60</Folio>', 'DTE/Documento/Encabezado/IdDoc/Folio'],
    ['<FchEmis>2026-01-15</FchEmis>', 'DTE/Documento/Encabezado/IdDoc/FchEmis'],
    ['<RUTEmisor>76123456-0</RUTEmisor>', 'DTE/Documento/Encabezado/Emisor/RUTEmisor'],
    ['<RznSoc>COMERCIAL TIENDA CENTRO SPA</RznSoc>', 'DTE/Documento/Encabezado/Emisor/RznSoc|RznSocEmisor'],
    ['<RUTRecep>77654321-7</RUTRecep>', 'DTE/Documento/Encabezado/Receptor/RUTRecep'],
    ['<MntTotal>11900</MntTotal>', 'DTE/Documento/Encabezado/Totales/MntTotal'],
    ['<NmbItem>RESMA PAPEL CARTA</NmbItem>', 'DTE/Documento/Detalle[1]/NmbItem'],
    ['<MontoItem>7000</MontoItem>', 'DTE/Documento/Detalle[1]/MontoItem'],
    ['<FRMT algoritmo="SHA1withRSA">GbWj8HG2ZZc+YDEpbvq0TavSDxyeNdIWpq8a2HnrQ0RIkQ8/o9D4MzHMH3d3Ru3bLjbrpxXTUkqWeCtmmVgNVA==</FRMT>', 'DTE/Documento/TED/FRMT'],
    ['<IT1>RESMA PAPEL CARTA</IT1>', 'DTE/Documento/TED/DD/IT1'],
  ])('reports the missing element %s', (element, path) => {
    expect(elements(SAMPLE.replace(element, ''))).toContain(path);
  });

  it('needs at least one Detalle and a TED', () => {
    const withoutDetails = SAMPLE.replace(/<Detalle>[\s\S]*?<\/Detalle>/g, '');
    expect(elements(withoutDetails)).toContain('DTE/Documento/Detalle');
    expect(elements(SAMPLE.replace(/<TED[\s\S]*<\/TED>/, ''))).toEqual(['DTE/Documento/TED']);
  });

  it('checks values: document type, positive folio, real date, amounts, RUT check digit', () => {
    expect(elements(SAMPLE.replace('<TipoDTE>33</TipoDTE>', '<TipoDTE>99</TipoDTE>'))).toContain('DTE/Documento/Encabezado/IdDoc/TipoDTE');
    expect(elements(SAMPLE.replace('<Folio>60</Folio>', '<Folio>0</Folio>'))).toContain('DTE/Documento/Encabezado/IdDoc/Folio');
    expect(elements(SAMPLE.replace('<FchEmis>2026-01-15</FchEmis>', '<FchEmis>2026-02-30</FchEmis>'))).toContain('DTE/Documento/Encabezado/IdDoc/FchEmis');
    expect(elements(SAMPLE.replace('<MntTotal>11900</MntTotal>', '<MntTotal>11.900</MntTotal>'))).toContain('DTE/Documento/Encabezado/Totales/MntTotal');
    expect(elements(SAMPLE.replace('<RUTRecep>77654321-7</RUTRecep>', '<RUTRecep>77654321-8</RUTRecep>'))).toContain(
      'DTE/Documento/Encabezado/Receptor/RUTRecep',
    );
  });

  it('checks that the stamp agrees with the header', () => {
    expect(elements(SAMPLE.replace('<F>60</F>', '<F>61</F>'))).toEqual(['DTE/Documento/TED/DD/F']);
    expect(elements(SAMPLE.replace('<MNT>11900</MNT>', '<MNT>100</MNT>'))).toEqual(['DTE/Documento/TED/DD/MNT']);
  });

  it('lists every problem at once', () => {
    const broken = SAMPLE.replace('<Folio>60</Folio>', '').replace('<MntTotal>11900</MntTotal>', '');
    expect(elements(broken)).toEqual(expect.arrayContaining(['DTE/Documento/Encabezado/IdDoc/Folio', 'DTE/Documento/Encabezado/Totales/MntTotal']));
  });

  it('accepts a boleta with RznSocEmisor and a namespace prefix', () => {
    const boleta = SAMPLE.replace('<TipoDTE>33</TipoDTE>', '<TipoDTE>39</TipoDTE>')
      .replace('<TD>33</TD>\n        <F>', '<TD>39</TD>\n        <F>')
      .replace(/RznSoc>/g, 'RznSocEmisor>')
      .replace(/<(\/?)DTE( |>)/g, '<$1sii:DTE$2')
      .replace('xmlns="http://www.sii.cl/SiiDte"', 'xmlns:sii="http://www.sii.cl/SiiDte"');
    expect(checkDteXml(boleta)).toEqual([]);
  });
});

describe('isValidRut', () => {
  it('validates the modulo-11 check digit, K included', () => {
    expect(isValidRut('76123456-0')).toBe(true);
    expect(isValidRut('66666666-6')).toBe(true);
    expect(isValidRut('10000013-K')).toBe(true);
    expect(isValidRut('76123456-1')).toBe(false);
    expect(isValidRut('76.123.456-0')).toBe(false);
  });
});

describe('dteReceiptContent', () => {
  it('builds printable custom content: summary lines and the TED as PDF417', () => {
    const reading = readDte(SAMPLE);
    if (!reading.ok) throw new Error('sample must be valid');
    const content = dteReceiptContent(reading.dte);
    expect(hasBlockingProblems(parse(content).problems)).toBe(false);
    expect(content).toContain(`{pdf417}${reading.dte.stamp}{/pdf417}`);
    expect(content).toContain('TOTAL                    $11.900');
    expect(content).toContain('  2 x $3.500              $7.000');
  });

  it('keeps braces in the document from being read as tags', () => {
    const reading = readDte(SAMPLE.replace('RESMA PAPEL CARTA</NmbItem>', 'RESMA {b} CARTA</NmbItem>'));
    if (!reading.ok) throw new Error('must be valid');
    expect(dteReceiptContent(reading.dte)).toContain('RESMA (b) CARTA');
  });
});

describe('readDte on any input', () => {
  const nested = (depth: number): string => `<DTE>${'<a>'.repeat(depth)}x${'</a>'.repeat(depth)}</DTE>`;

  it('answers a problem, not an exception, for a DTE nested past 100 levels', () => {
    const reading = readDte(nested(101));
    expect(reading).toMatchObject({ ok: false, problems: [{ element: 'xml', text: { key: 'too_deep' } }] });
  });

  it('answers a problem for huge attributes, entities, binary garbage and stray markup', () => {
    const inputs = [
      `<DTE a="${'x'.repeat(200_000)}"><Documento/></DTE>`,
      '<DTE>&lol;&#xFFFFFFFF;&#0;</DTE>',
      '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaa">]><DTE>&a;</DTE>',
      '\u0000\u0001\uFFFE<\uD800>',
      '<![CDATA[',
      `<DTE>${'<a b="c">'.repeat(5000)}`,
    ];
    for (const xml of inputs) expect(readDte(xml).ok).toBe(false);
  });

  const nestedXml: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.string(),
      fc
        .tuple(fc.constantFrom('DTE', 'Documento', 'Encabezado', 'Detalle', 'TED', 'a'), fc.array(tie('node'), { maxLength: 4 }))
        .map(([tag, children]) => `<${tag}>${children.join('')}</${tag}>`),
    ),
  })).node;

  it('never throws on strings, full unicode, nested elements or a deep chain', () => {
    const anyXml = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }), // fast-check 4's full-unicode string
      nestedXml,
      fc.integer({ min: 0, max: 400 }).map(nested),
      fc.tuple(fc.string(), fc.integer({ min: 0, max: SAMPLE.length })).map(([junk, at]) => SAMPLE.slice(0, at) + junk + SAMPLE.slice(at)),
    );
    fc.assert(
      fc.property(anyXml, (xml) => {
        const reading = readDte(xml);
        expect(typeof reading.ok).toBe('boolean');
      }),
      { numRuns: 300 },
    );
  });
});
