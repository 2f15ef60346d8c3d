import { describe, expect, it } from 'vitest';
import { readDte } from '../../../shared/platform/dte';
import { parse } from '../../../shared/receipt';
import { dteProblemText, receiptProblemText } from './problem-text';

describe('checker problems as a cashier reads them', () => {
  it('says a receipt problem in Spanish with the checker’s own advice', () => {
    const [problem] = parse(`{B}Hola{/b}${'x'.repeat(100)}`).problems;
    expect(problem).toBeDefined();
    if (problem === undefined) return;
    expect(receiptProblemText(problem, 'en')).toBe(problem.message);
    expect(receiptProblemText(problem, 'es')).toBe('Las etiquetas van en minúsculas: escriba {b} en lugar de {B}.');
  });

  it('says a DTE problem in Spanish after the element at fault, and the line of a syntax error', () => {
    const reading = readDte('<DTE>\n<Documento>\n</DTE>');
    const problem = reading.ok ? undefined : reading.problems[0];
    expect(problem).toBeDefined();
    if (problem === undefined) return;
    expect(dteProblemText(problem, 'es')).toMatch(/^xml \(línea \d+\): el XML no está bien formado/);
    expect(dteProblemText(problem, 'en')).toMatch(/^xml \(line \d+\): the XML is not well formed: /);
  });
});
