import { describe, expect, it } from 'vitest';
import { CATALOGUE, isSameInEveryLanguage, LANGUAGES } from '../../../shared/i18n';
import { INDUSTRIES } from '../../../shared/platform/industries';
import { timelineMessages } from '../components/print-timeline/messages';
import { staffMessages } from '../components/staff/messages';
import { checkoutMessages } from '../features/checkout/messages';
import { counterMessages } from '../features/counter/messages';
import { helpMessages } from '../features/help/messages';
import { dayMessages } from '../features/day/messages';
import { backlogMessages } from '../features/backlog/messages';
import { otherCountersMessages } from '../features/counter/other-counters-messages';
import { managerMessages } from '../features/manager/messages';
import { storeViewMessages } from '../features/manager/store/messages';
import { queueMessages } from '../features/queue/messages';
import { sellMessages } from '../features/sell/messages';
import { storeSettingsMessages } from '../features/settings/store-messages';
import { guideMessages } from '../features/settings/guide-messages';
import { COMMON_MESSAGES, isCommonKey, type FeatureMessages } from './common';
import { messages } from './messages';

const SLICES: Readonly<Record<string, FeatureMessages<string>>> = {
  shell: messages,
  counter: counterMessages,
  timeline: timelineMessages,
  queue: queueMessages,
  manager: managerMessages,
  checkout: checkoutMessages,
  sell: sellMessages,
  storeSettings: storeSettingsMessages,
  setupGuide: guideMessages,
  storeView: storeViewMessages,
  otherCounters: otherCountersMessages,
  help: helpMessages,
  staff: staffMessages,
  day: dayMessages,
  backlog: backlogMessages,
  common: COMMON_MESSAGES,
};

const slots = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');

/** [slice.key, English, Spanish] of every word a screen can show. */
function everyEntry(): [string, string, string][] {
  return Object.entries(SLICES).flatMap(([name, slice]) =>
    Object.keys(slice.en).map((key): [string, string, string] => [`${name}.${key}`, slice.en[key] ?? '', slice.es[key] ?? '']),
  );
}

describe('the screens’ words', () => {
  it.each(Object.entries(SLICES))('%s has the same keys in every language, none empty', (_name, slice) => {
    for (const language of LANGUAGES) {
      expect(Object.keys(slice[language]).sort()).toEqual(Object.keys(slice.en).sort());
      for (const [key, text] of Object.entries(slice[language])) expect(text.trim(), `${language} ${key}`).not.toBe('');
    }
  });

  it.each(Object.entries(SLICES).filter(([name]) => name !== 'common'))('%s leaves the common terms to the catalogue', (_name, slice) => {
    expect(Object.keys(slice.en).filter(isCommonKey)).toEqual([]);
  });

  it.each(everyEntry())('%s uses in Spanish only slots the English fills', (_where, english, spanish) => {
    for (const slot of slots(spanish)) expect(slots(english), slot).toContain(slot);
  });

  it('shows no English in Spanish mode: no Spanish word of any screen, the catalogue or the industries is an English one', () => {
    const english = new Map<string, string>();
    const texts = [...Object.values(CATALOGUE).flatMap((table) => Object.values(table)), ...INDUSTRIES.map((industry) => industry.label)];
    for (const text of texts) if (!isSameInEveryLanguage(text)) english.set(text.en, text.en);
    for (const [, en, es] of everyEntry()) if (!isSameInEveryLanguage({ en, es })) english.set(en, en);
    const spanish = [...everyEntry().map(([where, , es]) => [where, es] as const), ...texts.map((text) => [text.en, text.es] as const)];
    const leftovers = spanish.filter(([, es]) => english.has(es) || /Configuración|\bSettings\b|^Retail$/.test(es));
    expect(leftovers).toEqual([]);
  });

  it('names the Settings screen as its tab reads, and print statuses once', () => {
    expect(COMMON_MESSAGES.es['screen.settings']).toBe('Ajustes');
    expect(messages.es['screen.settings.title']).toBe('Ajustes');
    expect(COMMON_MESSAGES.es['printStatus.processed']).toBe('Impresa');
  });
});
