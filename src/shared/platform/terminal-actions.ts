import { z } from 'zod';

/**
 * Terminal print actions (spec 2.3, 3, 4.3–4.5, 8). Shared by the sandbox, which validates requests
 * with them, and by the app's platform client, which builds requests and parses responses with them.
 * Pure TypeScript: no Node or DOM APIs, so the renderer may import it too.
 */

/** Spec 8: content is at most 1 MB, measured on the UTF-8 bytes of the `content` string as sent. */
export const CONTENT_MAX_BYTES = 1024 * 1024;
/** docs/decisions.md: custom content is 100 to 4096 characters, tags included. */
export const CUSTOM_CONTENT_MIN_CHARS = 100;
export const CUSTOM_CONTENT_MAX_CHARS = 4096;
/** Spec 8: external_reference length limit. */
export const EXTERNAL_REFERENCE_MAX_CHARS = 64;
/** Spec 8: an idempotency key may not be reused for a different request within 24 hours. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Longest X-Idempotency-Key accepted (the limit Stripe documents; the spec gives none). */
export const IDEMPOTENCY_KEY_MAX_CHARS = 255;
export const IDEMPOTENCY_HEADER = 'X-Idempotency-Key';
/** Set to `true` on a response that repeats a stored result instead of doing the work again. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** Spec 2.3: `print` is the only action type. */
export const ActionType = z.enum(['print']);
export type ActionType = z.infer<typeof ActionType>;

/** Spec 3 + docs/decisions.md: the five statuses; `at_terminal` of the cancel error is `on_terminal`. */
export const ActionStatus = z.enum(['created', 'on_terminal', 'processed', 'failed', 'canceled']);
export type ActionStatus = z.infer<typeof ActionStatus>;

/** Statuses an action never leaves. */
export const FINAL_ACTION_STATUSES: readonly ActionStatus[] = ['processed', 'failed', 'canceled'];

/** Spec 2.3: the subtypes named. */
export const PrintSubtype = z.enum(['custom', 'image', 'invoice']);
export type PrintSubtype = z.infer<typeof PrintSubtype>;

export const EXTERNAL_REFERENCE_PATTERN = /^[A-Za-z0-9_-]+$/;

/** Spec 8 + docs/decisions.md: 1–64 characters of letters, digits, `-` and `_` (the "one further symbol"). */
export const ExternalReference = z
  .string()
  .min(1, { error: 'external_reference must not be empty' })
  .max(EXTERNAL_REFERENCE_MAX_CHARS, { error: `external_reference must be at most ${EXTERNAL_REFERENCE_MAX_CHARS} characters` })
  .regex(EXTERNAL_REFERENCE_PATTERN, { error: 'external_reference may only contain letters, digits, "-" and "_"' });

/**
 * docs/decisions.md: terminal ids look like `MODEL__SERIAL`. The request only demands a non-empty
 * string: an id of any other form is simply not one of the caller's terminals (403).
 */
export const TerminalId = z.string().min(1, { error: 'config.point.terminal_id must not be empty' });

/** Action ids are lowercase UUIDs (version 4); anything else is a malformed id. */
export const ACTION_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export const ActionId = z.string().regex(ACTION_ID_PATTERN);
export type ActionId = z.infer<typeof ActionId>;

/** Members of config other than point are "not shown" (spec 2.3), so a request may send no others. */
export const PointConfig = z.strictObject({
  terminal_id: TerminalId,
  subtype: PrintSubtype,
});
export type PointConfig = z.infer<typeof PointConfig>;

export const ActionConfig = z.strictObject({ point: PointConfig });
export type ActionConfig = z.infer<typeof ActionConfig>;

/**
 * Body of `POST /terminals/v1/actions` (spec 4.3). Strict: an unknown property is 400
 * unsupported_properties (7.2). `content` is only type-checked here; its rules depend on the subtype
 * (see checkImageContent, checkDteXml and the receipt module's custom-content check).
 */
export const CreateActionRequest = z.strictObject({
  type: ActionType,
  external_reference: ExternalReference,
  config: ActionConfig,
  content: z.string(),
});
export type CreateActionRequest = z.infer<typeof CreateActionRequest>;

/** Body of the 201 answer to a create (spec 4.3). */
export const CreatedTerminalAction = z.object({
  id: z.string(),
  type: ActionType,
  external_reference: z.string(),
  status: ActionStatus,
  config: z.object({ point: z.object({ terminal_id: z.string(), subtype: PrintSubtype }) }),
});
export type CreatedTerminalAction = z.infer<typeof CreatedTerminalAction>;

/**
 * Body of the 200 answer to a get (spec 4.4): the created fields plus created_date, ISO 8601 in UTC
 * (`Z`). Any number of fractional digits is accepted, since the spec does not fix them; the sandbox
 * writes milliseconds.
 */
export const TerminalAction = CreatedTerminalAction.extend({
  created_date: z.iso.datetime(),
});
export type TerminalAction = z.infer<typeof TerminalAction>;

// ---------------------------------------------------------------------------------------------------
// Image content (subtype `image`): pure checks the app can run before sending, and the sandbox runs
// before decoding.
// ---------------------------------------------------------------------------------------------------

/** Strict RFC 4648 §4 Base64: standard alphabet, no whitespace, padding to a multiple of 4. */
const BASE64_PATTERN = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export function isStrictBase64(text: string): boolean {
  return text.length > 0 && text.length % 4 === 0 && BASE64_PATTERN.test(text);
}

export type ImageFormat = 'png' | 'jpeg';

/** Recognises PNG and JPEG by their magic bytes (PNG signature; JPEG SOI marker followed by a marker). */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | undefined {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((byte, index) => bytes[index] === byte)) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  return undefined;
}

/** Decodes strict Base64 without Node's Buffer, so the renderer can use it as well. */
export function decodeBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export { utf8ByteLength } from '../text';

/** Spec 7.2 message texts, sent in `message` (their `error` code is in docs/decisions.md). */
export const CONTENT_REQUIRED_MESSAGE = 'content is required';
export const CONTENT_TOO_LARGE_MESSAGE = 'The content file size exceeds the limit 1MB';
export const INVALID_BASE64_MESSAGE = 'Error decoding base64, the provided base64 string is not valid.';
