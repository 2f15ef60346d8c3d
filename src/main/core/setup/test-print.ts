import type { Clock } from '../../../shared/clock';
import type { Language } from '../../../shared/ipc/channels/app';
import type { ChannelHandlers } from '../ipc/dispatch';
import type { EventHub } from '../ipc/events';
import type { PrintQueue } from '../print-queue/print-queue';
import type { SettingsRepository } from '../settings/store';

export type SetupHandlers = Pick<ChannelHandlers, 'setup.testPrint'>;

export interface SetupDependencies {
  settings: SettingsRepository;
  events: Pick<EventHub, 'emit'>;
  clock: Clock;
  /** The current environment's queue: the test ticket goes the way every print goes. */
  queue(): Promise<Pick<PrintQueue, 'enqueue'>>;
}

const WORDS: Record<Language, { title: string; terminal: string; printed: string; works: string; nothing: string }> = {
  en: {
    title: 'Test print',
    terminal: 'Terminal',
    printed: 'Printed',
    works: 'If you can read this, Counter prints on this terminal.',
    nothing: 'No sale, no payment: nothing to keep.',
  },
  es: {
    title: 'Impresión de prueba',
    terminal: 'Terminal',
    printed: 'Impresa',
    works: 'Si puede leer esto, Counter imprime en esta terminal.',
    nothing: 'Sin venta ni pago: no hace falta guardarla.',
  },
};

const RULE = '-'.repeat(32);
const twoDigits = (value: number): string => String(value).padStart(2, '0');
/** A store's own name printed as one plain line: no tag braces, no control characters. */
// eslint-disable-next-line no-control-regex -- the point is to find them
const plain = (text: string): string => text.replace(/[{}]/g, '').replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ');

/** The set-up guide's ticket: what it is, which terminal by the store's name, and when; in the settings' language. */
export function testTicket(language: Language, terminal: { id: string; name: string | undefined }, at: Date): string {
  const words = WORDS[language];
  // Day first in both languages, 24-hour clock: the paper's own format (the store receipt's).
  const when = `${twoDigits(at.getDate())}/${twoDigits(at.getMonth() + 1)}/${String(at.getFullYear())} ${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}`;
  const lines = [
    `{center}{b}COUNTER{/b}{/center}`,
    `{center}{w}${words.title}{/w}{/center}`,
    RULE,
    `${words.terminal}: ${plain(terminal.name ?? terminal.id)}`,
    ...(terminal.name === undefined ? [] : [`{s}${plain(terminal.id)}{/s}`]),
    `${words.printed}: ${when}`,
    RULE,
    words.works,
    `{s}${words.nothing}{/s}`,
  ];
  return lines.join('\n');
}

/** `setup.testPrint`: the ticket queued on the chosen terminal, and remembered so the guide finds it after a restart. */
export function createSetupHandlers(dependencies: SetupDependencies): SetupHandlers {
  const { settings, events, clock } = dependencies;
  return {
    'setup.testPrint': async ({ terminalId }) => {
      const current = settings.get();
      const content = testTicket(current.language, { id: terminalId, name: current.terminalNames[terminalId] }, new Date(clock.now()));
      const queue = await dependencies.queue();
      const print = await queue.enqueue({ terminalId, subtype: 'custom', content });
      const next = settings.update({ setupTestPrint: { environment: current.environment, terminalId, printId: print.id } });
      events.emit('settings.changed', next);
      return print;
    },
  };
}
