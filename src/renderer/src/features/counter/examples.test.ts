import { describe, expect, it } from 'vitest';
import { NORMAL_COLUMNS } from '../../../../shared/receipt';
import { EXAMPLE_RECEIPTS } from './examples';
import { fillPlaceholders, placeholderValuesAt } from './placeholders';

describe('the example receipts', () => {
  for (const language of ['en', 'es'] as const) {
    it(`ends its right-aligned amounts and times at the paper's last column (${language})`, () => {
      const filled = fillPlaceholders(
        EXAMPLE_RECEIPTS[language],
        placeholderValuesAt(new Date(2026, 0, 5, 9, 7), language, { externalReference: 'R', terminalName: 'CAJA01' }),
      );
      const aligned = filled
        .split('\n')
        .map((line) => line.replace(/\{\/?\w+\}/g, ''))
        .filter((line) => /\s{2,}\S+$/.test(line));
      expect(aligned.length).toBeGreaterThanOrEqual(4);
      for (const line of aligned) expect([...line].length, line).toBe(NORMAL_COLUMNS);
    });
  }
});
