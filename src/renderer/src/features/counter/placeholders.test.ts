import { describe, expect, it } from 'vitest';
import { parse } from '../../../../shared/receipt';
import { fillPlaceholders, fillPlaceholdersMapped, placeholderValuesAt } from './placeholders';

const VALUES = { date: '15/01/2026', time: '12:30', external_reference: 'CTR-20260115-123000-AB12', terminal: 'NEWLAND_N950__SBX0000001' };

describe('fillPlaceholders', () => {
  it('replaces every known placeholder, as often as it appears', () => {
    expect(fillPlaceholders('{b}{{date}}{/b} {{time}} {{date}}', VALUES)).toBe('{b}15/01/2026{/b} 12:30 15/01/2026');
    expect(fillPlaceholders('Ref {{external_reference}} en {{terminal}}', VALUES)).toBe('Ref CTR-20260115-123000-AB12 en NEWLAND_N950__SBX0000001');
  });

  it('accepts spaces inside the braces', () => {
    expect(fillPlaceholders('{{ time }}', VALUES)).toBe('12:30');
  });

  it('leaves unknown names, single braces and the terminal tags exactly as typed', () => {
    const content = '{{total}} {date} {center}x{/center} {{ }} {{date';
    expect(fillPlaceholders(content, VALUES)).toBe(content);
  });

  it('fills nothing when a value is missing, and fills an empty value with nothing', () => {
    expect(fillPlaceholders('[{{terminal}}]', { date: 'x' })).toBe('[{{terminal}}]');
    expect(fillPlaceholders('[{{terminal}}]', { terminal: '' })).toBe('[]');
  });

  it('does not read a value as a placeholder again', () => {
    expect(fillPlaceholders('{{date}}', { date: '{{time}}', time: 'no' })).toBe('{{time}}');
  });
});

describe('offsets of the filled text back in the typed text', () => {
  const typed = 'Hoy {{date}} a las {{time}}{b}';
  const filled = fillPlaceholdersMapped(typed, VALUES);

  it('moves offsets after a placeholder by the difference in length', () => {
    expect(filled.text).toBe('Hoy 15/01/2026 a las 12:30{b}');
    const tagInFilled = filled.text.indexOf('{b}');
    expect(filled.toSourceOffset(tagInFilled, 'start')).toBe(typed.indexOf('{b}'));
    expect(filled.toSourceOffset(filled.text.length, 'end')).toBe(typed.length);
    expect(filled.toSourceOffset(2, 'start')).toBe(2);
  });

  it('maps an offset inside a value to the edges of its placeholder', () => {
    const insideDate = filled.text.indexOf('01');
    expect(filled.toSourceOffset(insideDate, 'start')).toBe(typed.indexOf('{{date}}'));
    expect(filled.toSourceOffset(insideDate, 'end')).toBe(typed.indexOf('{{date}}') + '{{date}}'.length);
  });

  it('points a parser problem found in the filled text at the typed tag', () => {
    const problem = parse(filled.text).problems.find((entry) => entry.code === 'unclosed_tag');
    expect(problem).toBeDefined();
    const start = filled.toSourceOffset(problem?.start ?? -1, 'start');
    const end = filled.toSourceOffset(problem?.end ?? -1, 'end');
    expect(typed.slice(start, end)).toBe('{b}');
  });
});

describe('placeholder values', () => {
  const moment = new Date(2026, 0, 5, 9, 7, 3);
  const print = { externalReference: 'REF-1', terminalName: 'CAJA01' };

  it('writes the date as the cashier reads it', () => {
    expect(placeholderValuesAt(moment, 'es', print)).toEqual({ date: '05/01/2026', time: '09:07', external_reference: 'REF-1', terminal: 'CAJA01' });
    expect(placeholderValuesAt(moment, 'en', print).date).toBe('2026-01-05');
  });
});
