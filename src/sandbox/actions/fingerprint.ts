import { hash } from 'node:crypto';
import type { CreateActionRequest } from '../../shared/platform/terminal-actions';
import { requestText } from '../idempotency';

/**
 * The same fingerprint as `requestFingerprint(method, path, request)` of ../idempotency for a parsed create,
 * written without canonicalJson's generic walk (entries, sort, recursion): the strict request schema fixes
 * every key, so their sorted order is known in advance. That walk over the receipt was the largest part of a
 * create's own work. fingerprint.test.ts holds the two equal, so a stored key still matches after a restart.
 * The one-shot `hash` costs half of a `createHash` object for inputs this small.
 */
export function createRequestFingerprint(method: string, path: string, request: CreateActionRequest): string {
  // A member added to the request's schema fails to compile here until the text below names it too: a
  // fingerprint that left one out would replay another request's answer for it.
  const { type, external_reference, config, content, ...unnamed } = request;
  const { point, ...unnamedInConfig } = config;
  const { terminal_id, subtype, ...unnamedInPoint } = point;
  const nothingElse: Record<string, never>[] = [unnamed, unnamedInConfig, unnamedInPoint];
  void nothingElse;
  const canonical =
    `{"config":{"point":{"subtype":${JSON.stringify(subtype)},"terminal_id":${JSON.stringify(terminal_id)}}},` +
    `"content":${JSON.stringify(content)},"external_reference":${JSON.stringify(external_reference)},"type":${JSON.stringify(type)}}`;
  return hash('sha256', requestText(method, path, canonical), 'hex');
}
