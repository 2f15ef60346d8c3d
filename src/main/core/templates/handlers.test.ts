import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Draft, SaveTemplateRequest, TemplateErrorCode, TEMPLATES_MAX_COUNT, type Draft as DraftType } from '../../../shared/ipc/channels/templates';
import { HandlerFailure } from '../ipc/dispatch';
import { createConfStore } from '../settings/conf-store';
import { createMemoryStore } from '../settings/store';
import { createTemplateHandlers } from './handlers';

function handlersWithClock(store = createMemoryStore()) {
  let ids = 0;
  let time = Date.UTC(2026, 0, 15, 12, 0, 0);
  const handlers = createTemplateHandlers(store, { now: () => (time += 1000), newId: () => `t${++ids}` });
  // Requests reach handlers parsed by the contract, as the dispatcher does.
  const save = (request: Parameters<typeof SaveTemplateRequest.parse>[0]) => handlers['templates.save'](SaveTemplateRequest.parse(request));
  return { handlers, save, store };
}

function failureCode(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    if (error instanceof HandlerFailure) return error.failure.code;
    throw error;
  }
  return undefined;
}

const RECEIPT = '{center}{b}LA ESQUINA{/b}{/center}{br}Fecha {{date}} {{time}}{br}Ref {{external_reference}}';

describe('templates', () => {
  it('starts empty, then lists what was saved by name', () => {
    const { handlers, save } = handlersWithClock();
    expect(handlers['templates.list']({})).toEqual([]);
    save({ name: 'Venta', content: RECEIPT });
    save({ name: '  apertura ', content: '{b}Caja abierta{/b}' });
    expect(handlers['templates.list']({}).map((template) => template.name)).toEqual(['apertura', 'Venta']);
  });

  it('gives a new template an id and a time, and overwrites it when saved with that id', () => {
    const { handlers, save } = handlersWithClock();
    const first = save({ name: 'Venta', content: RECEIPT });
    expect(first).toEqual({ id: 't1', name: 'Venta', content: RECEIPT, updatedAt: '2026-01-15T12:00:01.000Z' });
    const second = save({ id: 't1', name: 'Venta del día', content: `${RECEIPT}{br}Gracias` });
    expect(second.updatedAt).toBe('2026-01-15T12:00:02.000Z');
    expect(handlers['templates.list']({})).toEqual([second]);
  });

  it('refuses a second template with the same name, whatever its case, but lets a template keep its own', () => {
    const { save } = handlersWithClock();
    const venta = save({ name: 'Venta', content: RECEIPT });
    expect(failureCode(() => save({ name: 'VENTA ', content: 'x' }))).toBe(TemplateErrorCode.nameTaken);
    expect(failureCode(() => save({ id: venta.id, name: 'venta', content: 'y' }))).toBeUndefined();
  });

  it('reports an id that does not exist instead of creating a template under it', () => {
    const { handlers, save } = handlersWithClock();
    expect(failureCode(() => save({ id: 'gone', name: 'Venta', content: RECEIPT }))).toBe(TemplateErrorCode.notFound);
    expect(handlers['templates.list']({})).toEqual([]);
  });

  it('stops adding past the limit, while updates still work', () => {
    const { save } = handlersWithClock();
    for (let index = 0; index < TEMPLATES_MAX_COUNT; index++) save({ name: `T${index}`, content: '' });
    expect(failureCode(() => save({ name: 'one more', content: '' }))).toBe(TemplateErrorCode.tooMany);
    expect(failureCode(() => save({ id: 't1', name: 'T0', content: 'changed' }))).toBeUndefined();
  });

  it('explains its refusals in the cashier’s language', () => {
    let language: 'en' | 'es' = 'es';
    const handlers = createTemplateHandlers(createMemoryStore(), { language: () => language });
    const save = (request: Parameters<typeof SaveTemplateRequest.parse>[0]) => handlers['templates.save'](SaveTemplateRequest.parse(request));
    const message = (action: () => unknown): string | undefined => {
      try {
        action();
      } catch (error) {
        if (error instanceof HandlerFailure) return error.failure.message;
        throw error;
      }
      return undefined;
    };
    save({ name: 'Venta', content: RECEIPT });
    expect(message(() => save({ name: 'venta', content: 'x' }))).toBe('Ya existe una plantilla llamada «Venta».');
    expect(message(() => save({ id: 'gone', name: 'Otra', content: 'x' }))).toBe('Esa plantilla ya no existe; guárdela como una nueva.');
    language = 'en';
    expect(message(() => save({ id: 'gone', name: 'Otra', content: 'x' }))).toBe('That template no longer exists; save it as a new one.');
  });

  it('deletes by id and says when there was nothing to delete', () => {
    const { handlers, save } = handlersWithClock();
    const venta = save({ name: 'Venta', content: RECEIPT });
    expect(handlers['templates.delete']({ id: venta.id })).toEqual({ deleted: true });
    expect(handlers['templates.delete']({ id: venta.id })).toEqual({ deleted: false });
    expect(handlers['templates.list']({})).toEqual([]);
  });

  it('drops a damaged stored entry and keeps the rest', () => {
    const store = createMemoryStore({
      templates: [{ id: 'a', name: 'Good', content: 'x', updatedAt: '2026-01-01T00:00:00.000Z' }, { id: 42, name: null }, 'junk'],
    });
    const { handlers } = handlersWithClock(store);
    expect(handlers['templates.list']({}).map((template) => template.id)).toEqual(['a']);
  });

  it('rejects an empty name and content past the sanity bound before any handler runs', () => {
    expect(SaveTemplateRequest.safeParse({ name: '   ', content: '' }).success).toBe(false);
    expect(SaveTemplateRequest.safeParse({ name: 'x', content: 'a'.repeat(20_000) }).success).toBe(false);
  });
});

describe('the draft', () => {
  const draft: DraftType = { mode: 'image', content: RECEIPT, externalReference: 'CTR-20260115-120000-AB12', terminalId: 'NEWLAND_N950__SBX0000001' };

  it('is null until saved, then reads back as saved', () => {
    const { handlers } = handlersWithClock();
    expect(handlers['drafts.get']({})).toBeNull();
    expect(handlers['drafts.save'](draft)).toEqual(draft);
    expect(handlers['drafts.get']({})).toEqual(draft);
  });

  it('survives a restart of the app (a new store on the same folder)', () => {
    const folder = mkdtempSync(join(tmpdir(), 'counter-draft-'));
    createTemplateHandlers(createConfStore(folder))['drafts.save'](draft);
    createTemplateHandlers(createConfStore(folder))['templates.save'](SaveTemplateRequest.parse({ name: 'Venta', content: RECEIPT }));
    const reopened = createTemplateHandlers(createConfStore(folder));
    expect(reopened['drafts.get']({})).toEqual(draft);
    expect(reopened['templates.list']({}).map((template) => template.name)).toEqual(['Venta']);
  });

  it('reads a stored draft it cannot understand as no draft', () => {
    const { handlers } = handlersWithClock(createMemoryStore({ counterDraft: { mode: 'fax', content: 1 } }));
    expect(handlers['drafts.get']({})).toBeNull();
  });

  it('keeps an external reference as typed, even one that could not print yet', () => {
    expect(Draft.safeParse({ ...draft, externalReference: 'has spaces' }).success).toBe(true);
  });
});
