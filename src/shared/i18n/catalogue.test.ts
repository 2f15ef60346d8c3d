import { describe, expect, it } from 'vitest';
import { catalogueNodes, INDUSTRIES, type CataloguePart, type Label } from '../platform/industries';
import { readDte } from '../platform/dte';
import { parse } from '../receipt';
import { CATALOGUE, DTE_PROBLEMS, failureText, isSameInEveryLanguage, LANGUAGES, RECEIPT_PROBLEMS, textOf, type Text } from '.';

const slots = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '').sort();

/** Every text of the catalogue and of the industry catalogue (spec 2.5), with where it lives. */
function everyText(): [string, Text][] {
  const texts: [string, Text][] = [];
  for (const [table, entries] of Object.entries(CATALOGUE)) for (const [key, text] of Object.entries(entries)) texts.push([`${table}.${key}`, text]);
  for (const industry of INDUSTRIES) texts.push([`industries.${industry.id}`, industry.label]);
  for (const part of ['items', 'payer', 'shipments'] as CataloguePart[]) {
    for (const node of catalogueNodes(part)) {
      texts.push([`${part}.${node.path}`, node.field.label]);
      const valueLabels: Readonly<Record<string, Label>> = node.field.type === 'enum' ? (node.field.valueLabels ?? {}) : {};
      for (const [value, label] of Object.entries(valueLabels)) texts.push([`${part}.${node.path}=${value}`, label]);
    }
  }
  return texts;
}

describe('the catalogue of cashier text', () => {
  it.each(everyText())('%s has every language, none empty', (_where, text) => {
    for (const language of LANGUAGES) expect(text[language]?.trim() ?? '', language).not.toBe('');
  });

  it.each(everyText())('%s is translated, not copied, unless it is a name or a code', (_where, text) => {
    if (!isSameInEveryLanguage(text)) expect(text.es).not.toBe(text.en);
  });

  it.each(everyText())('%s uses in Spanish only slots the English fills', (_where, text) => {
    const english = new Set(slots(text.en));
    for (const slot of slots(text.es)) expect(english, slot).toContain(slot);
  });

  it('has no known English leftovers in Spanish', () => {
    const spanish = everyText().map(([, text]) => text.es);
    expect(spanish.filter((text) => /Configuración|\bSettings\b|^Retail$/.test(text))).toEqual([]);
    expect(INDUSTRIES.find((industry) => industry.id === 'retail')?.label.es).toBe('Comercio minorista');
  });

  it('sends the cashier to the Settings screen by the name its tab has', () => {
    expect(failureText('invalid_client', 'es')).toContain('Ajustes');
    expect(failureText('invalid_client', 'en')).toContain('Settings');
    expect(failureText('not_configured', 'es')).not.toContain('{settings}');
  });

  it('explains the templates’ and the checkout’s refusals in Spanish', () => {
    expect(failureText('too_many_templates', 'es', { max: 200 })).toBe('Counter guarda como máximo 200 plantillas; elimine una primero.');
    expect(failureText('template_not_found', 'es')).toBe('Esa plantilla ya no existe; guárdela como una nueva.');
    expect(failureText('sale_not_found', 'es')).toMatch(/venta/);
  });

  it('answers an unknown code with the generic refusal', () => {
    expect(failureText('a_future_code', 'es')).toBe('La plataforma rechazó la solicitud.');
  });
});

describe('problems as codes and values', () => {
  it('the receipt checker’s problems read in Spanish with the text at fault', () => {
    const { problems } = parse('{b}Hola{/b}{bold}mundo');
    const unknown = problems.find((problem) => problem.code === 'unknown_tag');
    expect(unknown?.text).toEqual({ key: 'did_you_mean', params: { text: '{bold}', suggestion: '{b}' } });
    expect(unknown?.message).toBe('Unknown tag "{bold}"; did you mean {b}?');
    expect(textOf(RECEIPT_PROBLEMS, unknown?.text.key ?? 'unknown_tag', 'es', unknown?.text.params)).toBe('Etiqueta desconocida «{bold}»; ¿quiso decir {b}?');
  });

  it('the DTE checker’s problems read in Spanish, keeping the English description for the platform’s answer', () => {
    const reading = readDte('<DTE><Documento></Documento></DTE>');
    expect(reading.ok).toBe(false);
    const first = reading.ok ? undefined : reading.problems[0];
    expect(first?.description).toBe('Documento must contain elements');
    expect(textOf(DTE_PROBLEMS, first?.text.key ?? 'required', 'es', first?.text.params)).toBe('Documento debe contener elementos');
  });
});
