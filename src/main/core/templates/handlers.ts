import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { failureText } from '../../../shared/i18n/failures';
import type { Language } from '../../../shared/ipc/channels/app';
import type { ChannelSpec } from '../../../shared/ipc/define';
import { Draft, Template, TemplateErrorCode, TEMPLATES_MAX_COUNT, type templateChannels } from '../../../shared/ipc/channels/templates';
import { HandlerFailure } from '../ipc/dispatch';
import type { KeyValueStore } from '../settings/store';

type HandlersOf<Specs extends Record<string, ChannelSpec>> = {
  [C in keyof Specs]: (request: z.output<Specs[C]['request']>) => z.output<Specs[C]['response']>;
};

/** The handlers of the template and draft channels, shaped to spread into the app core's ChannelHandlers. */
export type TemplateHandlers = HandlersOf<typeof templateChannels>;

export interface TemplateHandlerOptions {
  now?: () => number;
  newId?: () => string;
  /** The settings' language, read at each failure; English when not given (tests). */
  language?: () => Language;
}

const TEMPLATES_KEY = 'templates';
const DRAFT_KEY = 'counterDraft';

/** Case and spacing do not make two names different to a cashier picking from a list. */
function sameName(left: string, right: string): boolean {
  return left.trim().toLocaleLowerCase() === right.trim().toLocaleLowerCase();
}

export function createTemplateHandlers(store: KeyValueStore, options: TemplateHandlerOptions = {}): TemplateHandlers {
  const now = options.now ?? Date.now;
  const newId = options.newId ?? randomUUID;
  const language = options.language ?? (() => 'en' as const);
  // The texts are the shared catalogue's (src/shared/i18n/failures.ts), in the cashier's language.
  const refuse = (code: (typeof TemplateErrorCode)[keyof typeof TemplateErrorCode], params: Readonly<Record<string, string | number>> = {}): HandlerFailure =>
    new HandlerFailure({ code, message: failureText(code, language(), params) });

  const readTemplates = (): Template[] => {
    const stored = store.get(TEMPLATES_KEY);
    if (!Array.isArray(stored)) return [];
    // One damaged entry (a hand-edited file, an older version) is dropped, not the whole list.
    return stored.flatMap((entry: unknown) => {
      const parsed = Template.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    });
  };
  const byName = (templates: Template[]): Template[] =>
    [...templates].sort((left, right) => left.name.localeCompare(right.name, undefined, { sensitivity: 'base' }));

  return {
    'templates.list': () => byName(readTemplates()),

    'templates.save': (request) => {
      const templates = readTemplates();
      const existing = request.id === undefined ? undefined : templates.find((template) => template.id === request.id);
      if (request.id !== undefined && existing === undefined) {
        throw refuse(TemplateErrorCode.notFound);
      }
      const clash = templates.find((template) => template.id !== request.id && sameName(template.name, request.name));
      if (clash !== undefined) {
        throw refuse(TemplateErrorCode.nameTaken, { name: clash.name });
      }
      if (existing === undefined && templates.length >= TEMPLATES_MAX_COUNT) {
        throw refuse(TemplateErrorCode.tooMany, { max: TEMPLATES_MAX_COUNT });
      }
      const saved: Template = {
        id: existing?.id ?? newId(),
        name: request.name,
        content: request.content,
        updatedAt: new Date(now()).toISOString(),
      };
      store.set(TEMPLATES_KEY, existing === undefined ? [...templates, saved] : templates.map((template) => (template.id === saved.id ? saved : template)));
      return saved;
    },

    'templates.delete': ({ id }) => {
      const templates = readTemplates();
      const remaining = templates.filter((template) => template.id !== id);
      if (remaining.length === templates.length) return { deleted: false };
      store.set(TEMPLATES_KEY, remaining);
      return { deleted: true };
    },

    'drafts.get': () => {
      const parsed = Draft.safeParse(store.get(DRAFT_KEY));
      return parsed.success ? parsed.data : null;
    },

    'drafts.save': (draft) => {
      store.set(DRAFT_KEY, draft);
      return draft;
    },
  };
}
