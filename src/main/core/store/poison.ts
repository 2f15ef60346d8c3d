import type { OutboxEntry } from '../history/records/outbox';
import { OutboxEntryError } from './publish-batch';

/**
 * A refusal about one entry's own values, which sending it again unchanged can never cure: a payload
 * that does not parse, or a value the store's column cannot hold (SQLSTATE class 22, data exception:
 * numeric overflow, a character the encoding has no place for…; 23502 and 23514, a NOT NULL or CHECK the
 * row breaks). Anything else (the connection, the server, permissions) is about every entry and waits.
 */
export function entryRefusal(error: unknown): { code: string; reason: string } | undefined {
  if (error instanceof OutboxEntryError) return { code: error.code, reason: error.message.slice(0, 500) };
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code !== 'string' || !(code.startsWith('22') || code === '23502' || code === '23514')) return undefined;
  const message = error instanceof Error ? error.message : String(error);
  return { code, reason: message.slice(0, 500) };
}

/**
 * PostgreSQL's text and jsonb cannot hold U+0000 at all (22P05 "unsupported Unicode escape sequence"),
 * so a NUL in a print's text is sent as U+FFFD, the character that says one was not kept; the counter's
 * own history keeps the text as it was.
 */
export function withoutNul(entry: OutboxEntry): OutboxEntry {
  const text = JSON.stringify(entry.payload);
  if (text === undefined || !text.includes('\\u0000')) return entry;
  return { ...entry, payload: replaceNul(entry.payload) };
}

function replaceNul(value: unknown): unknown {
  if (typeof value === 'string') return value.replaceAll('\u0000', '\uFFFD');
  if (Array.isArray(value)) return value.map(replaceNul);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [replaceNul(key), replaceNul(inner)]));
  return value;
}
