import { z } from 'zod';
import { PrintSubtype } from '../../platform/terminal-actions';
import { channel, NoInput } from '../define';

/**
 * Receipt templates and the Counter screen's draft, kept by main in the settings store so they survive a
 * restart. Template content is custom-print text with `{{placeholder}}`s filled at print time; it may run
 * past the platform's 4096 characters while being written, so only a generous sanity bound applies here.
 */
export const TEMPLATE_CONTENT_MAX_CHARS = 16_384;
export const TEMPLATE_NAME_MAX_CHARS = 60;
export const TEMPLATES_MAX_COUNT = 200;

export const TemplateId = z.string().min(1).max(64);

export const Template = z.object({
  id: TemplateId,
  name: z.string(),
  content: z.string(),
  updatedAt: z.iso.datetime(),
});
export type Template = z.infer<typeof Template>;

export const SaveTemplateRequest = z.strictObject({
  /** Present to overwrite that template; absent to add a new one. */
  id: TemplateId.optional(),
  name: z.string().trim().min(1, { error: 'a template needs a name' }).max(TEMPLATE_NAME_MAX_CHARS),
  content: z.string().max(TEMPLATE_CONTENT_MAX_CHARS),
});
export type SaveTemplateRequest = z.input<typeof SaveTemplateRequest>;

/** What is on the Counter screen right now: the tab, the receipt being written, the print's reference and terminal. */
export const Draft = z.strictObject({
  mode: PrintSubtype,
  content: z.string().max(TEMPLATE_CONTENT_MAX_CHARS),
  // Kept as typed, valid or not: the screen shows why it cannot print, the draft must not lose it.
  externalReference: z.string().max(64),
  terminalId: z.string().max(128).optional(),
  /** The account the terminal was picked under (environment, identity, user): another account's pick is dropped. */
  terminalAccount: z.string().max(200).optional(),
});
export type Draft = z.infer<typeof Draft>;

/** Codes the template handlers answer with, besides the contract's own. */
export const TemplateErrorCode = {
  notFound: 'template_not_found',
  nameTaken: 'template_name_taken',
  tooMany: 'too_many_templates',
} as const;

export const templateChannels = {
  /** Every template, by name. */
  'templates.list': channel(NoInput, z.array(Template)),
  /** Adds or overwrites a template; a new one may not take the name of another (template_name_taken). */
  'templates.save': channel(SaveTemplateRequest, Template),
  /** Deleting one that is already gone is not an error: `deleted` says which it was. */
  'templates.delete': channel(z.strictObject({ id: TemplateId }), z.object({ deleted: z.boolean() })),
  /** The draft saved last, or null before the first. */
  'drafts.get': channel(NoInput, Draft.nullable()),
  'drafts.save': channel(Draft, Draft),
};
