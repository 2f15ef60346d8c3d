import { describe, expect, it } from 'vitest';
import type { EnqueuePrintRequest, PrintSummary } from '../../../shared/ipc/channels/prints';
import { SettingsUpdate } from '../../../shared/ipc/channels/app';
import { hasBlockingProblems, validateCustomContent } from '../../../shared/receipt/parse';
import { CUSTOM_CONTENT_MAX_CHARS, CUSTOM_CONTENT_MIN_CHARS } from '../../../shared/platform/terminal-actions';
import { createMemoryStore, createSettingsRepository } from '../settings/store';
import { createSetupHandlers, testTicket } from './test-print';

const TERMINAL = 'NEWLAND_N950__SBX0000001';
const AT = new Date(2026, 10, 28, 9, 5);

describe('the set-up guide’s test ticket', () => {
  it.each(['en', 'es'] as const)('is custom content the platform takes, in %s, with the store’s name for the terminal', (language) => {
    const content = testTicket(language, { id: TERMINAL, name: 'Front {b}till' }, AT);
    expect(content.length).toBeGreaterThanOrEqual(CUSTOM_CONTENT_MIN_CHARS);
    expect(content.length).toBeLessThanOrEqual(CUSTOM_CONTENT_MAX_CHARS);
    expect(hasBlockingProblems(validateCustomContent(content))).toBe(false);
    // A brace in the name would open a tag on paper: the name prints as plain text.
    expect(content).toContain('Terminal: Front btill');
    expect(content).toContain(TERMINAL);
    expect(content).toContain('28/11/2026 09:05');
    expect(content).toContain(language === 'es' ? 'Impresión de prueba' : 'Test print');
  });

  it('names the terminal by its id when the store gave it no name', () => {
    const content = testTicket('en', { id: TERMINAL, name: undefined }, AT);
    expect(content).toContain(`Terminal: ${TERMINAL}`);
    expect(hasBlockingProblems(validateCustomContent(content))).toBe(false);
  });
});

describe('setup.testPrint', () => {
  function setup() {
    const settings = createSettingsRepository(createMemoryStore());
    settings.update({ language: 'es', terminalNames: { [TERMINAL]: 'Caja de adelante' } });
    const queued: EnqueuePrintRequest[] = [];
    const emitted: unknown[] = [];
    const handlers = createSetupHandlers({
      settings,
      events: { emit: (name, payload) => void emitted.push([name, payload]) },
      clock: { now: () => AT.getTime() } as never,
      queue: async () => ({
        enqueue: async (request) => {
          queued.push(request);
          return { id: 'print-1', terminalId: request.terminalId, status: 'queued' } as PrintSummary;
        },
      }),
    });
    return { settings, queued, emitted, handlers };
  }

  it('queues the ticket in the settings’ language on the terminal asked and remembers it for after a restart', async () => {
    const { settings, queued, emitted, handlers } = setup();
    const print = await handlers['setup.testPrint']({ terminalId: TERMINAL });
    expect(print.id).toBe('print-1');
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ terminalId: TERMINAL, subtype: 'custom' });
    expect(queued[0]?.content).toContain('Terminal: Caja de adelante');
    expect(queued[0]?.content).toContain('Impresión de prueba');
    expect(settings.get().setupTestPrint).toEqual({ environment: 'sandbox', terminalId: TERMINAL, printId: 'print-1' });
    expect(emitted).toEqual([['settings.changed', settings.get()]]);
  });

  it('remembers nothing when the queue refuses the print', async () => {
    const settings = createSettingsRepository(createMemoryStore());
    const handlers = createSetupHandlers({
      settings,
      events: { emit: () => undefined },
      clock: { now: () => AT.getTime() } as never,
      queue: async () => ({ enqueue: async () => Promise.reject(new Error('terminal_not_found')) }),
    });
    await expect(handlers['setup.testPrint']({ terminalId: TERMINAL })).rejects.toThrow('terminal_not_found');
    expect(settings.get().setupTestPrint).toBeNull();
  });
});

describe('the terminals’ local names in the settings', () => {
  it('merges a patch’s names into the kept ones, and an empty name forgets one', () => {
    const settings = createSettingsRepository(createMemoryStore());
    settings.update({ terminalNames: { A: 'Front', B: 'Back' } });
    settings.update({ terminalNames: { B: '', C: 'Side' } });
    expect(settings.get().terminalNames).toEqual({ A: 'Front', C: 'Side' });
  });

  it('survives a restart, and a hand-edited invalid map falls back alone', () => {
    const store = createMemoryStore();
    createSettingsRepository(store).update({ language: 'es', terminalNames: { A: 'Front' } });
    expect(createSettingsRepository(store).get()).toMatchObject({ language: 'es', terminalNames: { A: 'Front' } });
    store.set('settings', { ...(store.get('settings') as object), terminalNames: { A: 42 } });
    expect(createSettingsRepository(store).get()).toMatchObject({ language: 'es', terminalNames: {} });
  });

  it('the screen cannot write the guide’s test print through settings.update, nor a name too long', () => {
    expect(SettingsUpdate.safeParse({ setupTestPrint: { environment: 'sandbox', terminalId: TERMINAL, printId: 'x' } }).success).toBe(false);
    expect(SettingsUpdate.safeParse({ terminalNames: { [TERMINAL]: 'x'.repeat(41) } }).success).toBe(false);
    expect(SettingsUpdate.safeParse({ terminalNames: { [TERMINAL]: '  Caja 1  ' } }).data).toEqual({ terminalNames: { [TERMINAL]: 'Caja 1' } });
  });
});
