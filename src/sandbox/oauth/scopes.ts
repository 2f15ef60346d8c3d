import type { Scope } from '../../shared/platform/oauth';

/** Answers list scopes in one order (docs/decisions.md's example: "read write offline_access"). */
const ORDER: readonly Scope[] = ['read', 'write', 'offline_access'];

export function canonicalScopes(scopes: readonly Scope[]): Scope[] {
  return ORDER.filter((scope) => scopes.includes(scope));
}

export function scopeText(scopes: readonly Scope[]): string {
  return canonicalScopes(scopes).join(' ');
}
