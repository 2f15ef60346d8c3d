import { EXTERNAL_REFERENCE_MAX_CHARS, EXTERNAL_REFERENCE_PATTERN, PrintSubtype, type CreateActionRequest } from '../../shared/platform/terminal-actions';

const SUBTYPES: ReadonlySet<unknown> = new Set(PrintSubtype.options);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasExactly(value: Record<string, unknown>, keys: readonly string[]): boolean {
  if (Object.keys(value).length !== keys.length) return false;
  for (const key of keys) if (!Object.prototype.hasOwnProperty.call(value, key)) return false;
  return true;
}

const BODY_KEYS = ['type', 'external_reference', 'config', 'content'] as const;
const CONFIG_KEYS = ['point'] as const;
const POINT_KEYS = ['terminal_id', 'subtype'] as const;

/**
 * The strict create schema's answer for a body that obviously satisfies it, without zod's generic walk (the
 * largest part of parsing a create); undefined for anything else, which then goes through the schema and its
 * error reporting. It only ever accepts what the schema accepts and returns what the schema returns
 * (quick-shape.test.ts holds both against the schema on generated bodies).
 */
export function quickCreateShape(body: unknown): CreateActionRequest | undefined {
  if (!isRecord(body) || !hasExactly(body, BODY_KEYS)) return undefined;
  const { type, external_reference, config, content } = body;
  if (type !== 'print' || typeof content !== 'string') return undefined;
  if (typeof external_reference !== 'string' || external_reference.length > EXTERNAL_REFERENCE_MAX_CHARS) return undefined;
  if (!EXTERNAL_REFERENCE_PATTERN.test(external_reference)) return undefined;
  if (!isRecord(config) || !hasExactly(config, CONFIG_KEYS)) return undefined;
  const { point } = config;
  if (!isRecord(point) || !hasExactly(point, POINT_KEYS)) return undefined;
  const { terminal_id, subtype } = point;
  if (typeof terminal_id !== 'string' || terminal_id === '' || !SUBTYPES.has(subtype)) return undefined;
  return { type, external_reference, config: { point: { terminal_id, subtype: subtype as PrintSubtype } }, content };
}
