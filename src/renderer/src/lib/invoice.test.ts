import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { layout, renderText } from '../../../shared/receipt';
import { checkInvoice } from './invoice';

const SAMPLE = readFileSync('resources/samples/dte-factura-33.xml', 'latin1');

describe('invoice check', () => {
  it('accepts the sample DTE and lays out its printed form', () => {
    const check = checkInvoice(SAMPLE);
    expect(check.state).toBe('ready');
    if (check.state !== 'ready') return;
    expect(check.dte.folio).toBe(60);
    const paper = renderText(layout(check.document));
    expect(paper).toContain('COMERCIAL TIENDA CENTRO SPA');
    expect(paper).toContain('[PDF417: <TED');
  });

  it('refuses XML that is not well formed, with the line at fault', () => {
    const check = checkInvoice('<DTE><Documento></DTE>');
    expect(check.state).toBe('invalid');
    if (check.state === 'invalid') expect(check.problems[0]?.element).toBe('xml');
  });

  it('names every missing required element', () => {
    const check = checkInvoice(SAMPLE.replace(/<Folio>60<\/Folio>/, '').replace(/<RUTRecep>[^<]*<\/RUTRecep>/, ''));
    expect(check.state).toBe('invalid');
    if (check.state !== 'invalid') return;
    const elements = check.problems.map((problem) => problem.element);
    expect(elements).toContain('DTE/Documento/Encabezado/IdDoc/Folio');
    expect(elements).toContain('DTE/Documento/Encabezado/Receptor/RUTRecep');
  });

  it('stops at the 1 MB content limit before parsing', () => {
    const check = checkInvoice(SAMPLE.replace('</DTE>', `<!--${'x'.repeat(1024 * 1024)}--></DTE>`));
    expect(check.state).toBe('too_large');
  });

  it('shows a problem, not a crash, for an invoice nested past 100 levels or binary garbage', () => {
    for (const xml of [`<DTE>${'<a>'.repeat(101)}x${'</a>'.repeat(101)}</DTE>`, '\u0000\uFFFE<\uD800>']) {
      const check = checkInvoice(xml);
      expect(check.state).toBe('invalid');
      if (check.state === 'invalid') expect(check.problems[0]?.element).toBe('xml');
    }
  });

  it('treats blank input as nothing yet', () => {
    expect(checkInvoice('  \n')).toEqual({ state: 'empty' });
  });
});
