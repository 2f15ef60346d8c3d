import { describe, expect, it } from 'vitest';
import { validateCustomContent } from '../../../shared/receipt';
import { NORMAL_COLUMNS } from '../../../shared/receipt/constants';
import { reportCsv, reportPage, reportPaper, reprintPaper } from './paper';
import { shiftReport } from './report';

const shift = {
  id: 'shift-1',
  counterId: 'counter-1',
  status: 'closed' as const,
  personId: null,
  personName: 'Ana {b}Gómez{/b}',
  openedAt: '2026-11-20T09:00:00.000Z',
  closedAt: '2026-11-20T17:00:00.000Z',
  floatCents: 5000,
  countedCashCents: 6200,
  zNumber: 7,
};

const report = shiftReport(
  'Z',
  shift,
  {
    terminalSales: [],
    checkoutSales: [],
    counterSales: [
      {
        id: 'c1',
        shiftId: 'shift-1',
        tender: 'cash',
        kind: 'sale',
        amountCents: 123_456,
        at: '2026-11-20T10:00:00.000Z',
        personId: null,
        personName: '=HYPERLINK("x")',
        note: null,
      },
    ],
    prints: { made: 3, failed: 1 },
  },
  { until: '2026-11-20T17:00:00.000Z', generatedAt: '2026-11-20T17:00:00.000Z', number: 7 },
);

/** The paper's lines as the terminal lays them out: tags removed, one line per {br}. */
const lines = (paper: string): string[] => paper.split('{br}').map((line) => line.replace(/\{\/?\w+\}/g, ''));

describe('the Z on paper, in CSV and as a page', () => {
  it('prints in the receipt language, every line within the paper, names unable to add tags', () => {
    const spanish = reportPaper(report, 'es', null);
    expect(spanish).toContain('INFORME Z N.º 7');
    expect(spanish).toContain('1.234,56');
    expect(spanish).toContain('Efectivo esperado');
    expect(spanish).not.toContain('{b}Gómez');
    for (const line of lines(spanish)) expect(line.length, line).toBeLessThanOrEqual(NORMAL_COLUMNS + 46);
    for (const line of lines(spanish).filter((text) => !text.startsWith('Definitivo'))) expect(line.length, line).toBeLessThanOrEqual(NORMAL_COLUMNS);
    expect(validateCustomContent(spanish).filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(reportPaper(report, 'en', 'ARS')).toContain('ARS 1,234.56');
  });

  it('reprints the stored paper word for word under a reprint line', () => {
    const stored = reportPaper(report, 'en', null);
    const again = reprintPaper(stored, 'en');
    expect(again.endsWith(stored)).toBe(true);
    expect(again.startsWith('{center}{b}REPRINT{/b}')).toBe(true);
  });

  it('exports CSV with decimal amounts and no formula a spreadsheet would run', () => {
    const csv = reportCsv(report);
    expect(csv).toContain('tender,cash,1,1234.56,0.00,1234.56');
    expect(csv).toContain(`person,"'=HYPERLINK(""x"")",1,1234.56,0.00,1234.56`);
    expect(csv).toContain('cash,expected,,,,1284.56');
  });

  it('shows the counted cash against the expected: short, over or even, in both languages', () => {
    const counted = (cents: number | null) => ({ ...report, shift: { ...report.shift, countedCashCents: cents } });
    // Expected: the float 50.00 and the cash sale 1,234.56.
    expect(lines(reportPaper(counted(128_000), 'en', 'ARS'))).toContain(`Cash short${' '.repeat(NORMAL_COLUMNS - 10 - 8)}ARS 4.56`);
    expect(reportPaper(counted(128_000), 'es', 'ARS')).toContain('Faltante de caja');
    expect(reportPaper(counted(128_500), 'en', null)).toMatch(/Cash over\s+0\.44/);
    expect(reportPaper(counted(128_500), 'es', null)).toMatch(/Sobrante de caja\s+0,44/);
    expect(reportPaper(counted(128_456), 'es', null)).toContain('Caja cuadrada');
    expect(reportPaper(counted(null), 'en', null)).not.toMatch(/Cash (short|over|even)/);
    expect(reportCsv(counted(128_000))).toContain('cash,counted,,,,1280.00\r\ncash,short,,,,-4.56');
    expect(reportCsv(counted(128_500))).toContain('cash,over,,,,0.44');
    expect(reportPage(counted(128_000), 'es', 'ARS')).toMatch(/Faltante de caja: ARS 4,56/);
  });

  it("names a terminal on paper as the cashier knows it (its point of sale's name), its id when it has none", () => {
    const withTerminals = shiftReport(
      'Z',
      shift,
      {
        terminalSales: [
          {
            id: 's1',
            terminalId: 'NEWLAND_N950__SBX0000001',
            externalReference: 'r1',
            amount: '10.00',
            refundedAmount: '0',
            refunds: 0,
            status: 'processed',
            createdAt: '2026-11-20T10:00:00.000Z',
          },
          {
            id: 's2',
            terminalId: 'PAX_A910__SBX0000003',
            externalReference: 'r2',
            amount: '5.00',
            refundedAmount: '0',
            refunds: 0,
            status: 'processed',
            createdAt: '2026-11-20T10:01:00.000Z',
          },
        ],
        checkoutSales: [],
        counterSales: [],
        prints: { made: 0, failed: 0 },
      },
      { until: '2026-11-20T17:00:00.000Z', generatedAt: '2026-11-20T17:00:00.000Z', number: 7 },
    );
    const paper = reportPaper(withTerminals, 'en', null, (id) => (id === 'NEWLAND_N950__SBX0000001' ? 'CAJA01' : id));
    expect(lines(paper).some((line) => line.startsWith('CAJA01 (1)'))).toBe(true);
    expect(paper).not.toContain('NEWLAND_N950__SBX0000001');
    expect(lines(paper).some((line) => line.startsWith('PAX_A910__SBX0000003'.slice(0, 10)))).toBe(true);
    // The CSV keeps the ids: it is read by machines.
    expect(reportCsv(withTerminals)).toContain('terminal,NEWLAND_N950__SBX0000001');
  });
});
