import { describe, expect, it } from 'vitest';
import { hasBlockingProblems, layout, parse, renderText } from './index';
import { DEFAULT_SALE_RECEIPT_TEMPLATE, SaleReceiptTemplate, SAMPLE_SALE_RECEIPT, saleReceiptMarkup } from './sale-receipt';

const printed = (markup: string): string => renderText(layout(parse(markup).document));

describe('the store receipt of a sale', () => {
  it('prints the header, items, total, card, last four digits, authorization code and a QR of the order, valid for the terminal', () => {
    const markup = saleReceiptMarkup({ ...DEFAULT_SALE_RECEIPT_TEMPLATE, header: 'Corner Café\nMain St 1', footer: 'Thank you!' }, SAMPLE_SALE_RECEIPT, 'en');
    const result = parse(markup);
    expect(hasBlockingProblems(result.problems)).toBe(false);
    const text = printed(markup);
    for (const expected of [
      'Corner Café',
      'Main St 1',
      '2 x Coffee',
      '7.00',
      'TOTAL',
      '9.75',
      'Paid with visa',
      'Card **** 3704',
      'Authorization 123456',
      'Thank you!',
    ])
      expect(text).toContain(expected);
    expect(markup).toContain('{qr}ORD01JQ4S4KY8HWQ6NA5PXB65B3D3{/qr}');
  });

  it('fills date, time, currency, cashier and sale number placeholders, prints the date and time and the currency by the total', () => {
    const at = new Date(2026, 10, 24, 14, 5);
    const sale = { ...SAMPLE_SALE_RECEIPT, at: at.toISOString() };
    const markup = saleReceiptMarkup(
      {
        ...DEFAULT_SALE_RECEIPT_TEMPLATE,
        header: 'Corner Café\nCashier {{cashier}}',
        footer: 'Sale {{sale_number}}\n{{date}} {{time}} {{currency}}\nKeep {{unknown}}',
      },
      sale,
      'es',
    );
    expect(hasBlockingProblems(parse(markup).problems)).toBe(false);
    const text = printed(markup);
    expect(text).toContain('Cashier CAJA01');
    expect(text).toContain('Sale CTR-20261124-140500-AB12CD');
    expect(text).toContain('24/11/2026 14:05 ARS');
    // A placeholder the engine does not know stays as typed, so the manager sees the typo.
    expect(text).toContain('Keep {{unknown}}');
    expect(text).toMatch(/24\/11\/2026 +14:05/);
    expect(text).toMatch(/TOTAL +ARS 9\.75/);
    // A value from the sale cannot add a tag or a line.
    const hostile = saleReceiptMarkup({ ...DEFAULT_SALE_RECEIPT_TEMPLATE, header: 'By {{cashier}}' }, { ...sale, cashier: 'Ann{b}\nTOTAL 0' }, 'en');
    expect(hostile).toContain('By Annb TOTAL 0');
  });

  it('parses a template saved before the date and time line existed, with the line on', () => {
    const { showDateTime: _dropped, ...older } = DEFAULT_SALE_RECEIPT_TEMPLATE;
    expect(SaleReceiptTemplate.parse(older).showDateTime).toBe(true);
  });

  it('leaves out what the manager switched off, and what the payment did not give', () => {
    const markup = saleReceiptMarkup(
      { ...DEFAULT_SALE_RECEIPT_TEMPLATE, showItems: false, showAuthorization: false, showQr: false },
      { ...SAMPLE_SALE_RECEIPT, cardLastFour: null },
      'es',
    );
    const text = printed(markup);
    expect(text).not.toContain('Coffee');
    expect(text).not.toContain('Autorización');
    expect(text).not.toContain('****');
    expect(markup).not.toContain('{qr}');
    expect(text).toContain('Pagado con visa');
  });

  it('keeps an item name with braces from becoming a tag', () => {
    const markup = saleReceiptMarkup(
      DEFAULT_SALE_RECEIPT_TEMPLATE,
      { ...SAMPLE_SALE_RECEIPT, items: [{ name: 'Tea {b}', quantity: 1, unitPrice: '2.00' }] },
      'en',
    );
    expect(hasBlockingProblems(parse(markup).problems)).toBe(false);
    expect(printed(markup)).toContain('1 x Tea b');
  });

  it('prints an item’s name on one line, whatever it holds: no line of it can pass for the total', () => {
    const markup = saleReceiptMarkup(
      DEFAULT_SALE_RECEIPT_TEMPLATE,
      { ...SAMPLE_SALE_RECEIPT, items: [{ name: 'Tea\nTOTAL        0.01\r{b}', quantity: 1, unitPrice: '9.75' }] },
      'en',
    );
    expect(markup.split('\n').filter((line) => line.includes('TOTAL'))).toHaveLength(2);
    expect(markup).not.toContain('{b}TOTAL        0.01');
    expect(markup.split('\n').find((line) => line.startsWith('1 x Tea'))).toContain('TOTAL');
  });
});
