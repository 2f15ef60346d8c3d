import type { Scope } from '../../shared/platform/oauth';

/** Answers list scopes in one order (docs/decisions.md's example: "read write offline_access"). */
const ORDER: readonly Scope[] = ['read', 'write', 'offline_access'];

export function canonicalScopes(scopes: readonly Scope[]): Scope[] {
  return ORDER.filter((scope) => scopes.includes(scope));
}

/** Written once per scope list: a token's list is shared by every answer that names it. */
const texts = new WeakMap<readonly Scope[], string>();

export function scopeText(scopes: readonly Scope[]): string {
  let text = texts.get(scopes);
  if (text === undefined) {
    text = canonicalScopes(scopes).join(' ');
    texts.set(scopes, text);
  }
  return text;
}
