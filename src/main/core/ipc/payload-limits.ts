/**
 * The one nesting and size limit of every IPC call, checked before any schema: a payload nested
 * thousands of levels deep would overflow the stack of the schema's parse (and of every later copy),
 * and a huge one would hold main while it is walked. The largest legitimate payload is a picture for
 * the paper (at most 1 MB as Base64, spec 8) or a receipt template; nothing is nested beyond a few levels.
 */
export const IPC_LIMITS = Object.freeze({
  maxDepth: 32,
  /** Arrays' elements, objects' members and scalars, all counted. */
  maxNodes: 100_000,
  /** Characters of every string and key together (a UTF-16 count). */
  maxCharacters: 4 * 1024 * 1024,
});

export type PayloadViolation = { kind: 'too_deep' | 'too_many_values' | 'too_large'; path: string };

/** What an invalid_request's issue says of a violation (for IT; the cashier reads the localized message). */
export const VIOLATION_TEXT: Readonly<Record<PayloadViolation['kind'], string>> = {
  too_deep: `nested more than ${IPC_LIMITS.maxDepth} levels deep`,
  too_many_values: `more than ${IPC_LIMITS.maxNodes} values`,
  too_large: `more than ${IPC_LIMITS.maxCharacters} characters of text`,
};

/** Walks the payload without recursion and stops at the first limit crossed; undefined when within every limit. */
export function payloadViolation(payload: unknown, limits = IPC_LIMITS): PayloadViolation | undefined {
  const pending: Array<{ value: unknown; depth: number; path: string }> = [{ value: payload, depth: 0, path: '(root)' }];
  let nodes = 0;
  let characters = 0;
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, depth, path } = next;
    nodes += 1;
    if (nodes > limits.maxNodes) return { kind: 'too_many_values', path };
    if (typeof value === 'string') characters += value.length;
    if (characters > limits.maxCharacters) return { kind: 'too_large', path };
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= limits.maxDepth) return { kind: 'too_deep', path };
    if (Array.isArray(value) && nodes + pending.length + value.length > limits.maxNodes) return { kind: 'too_many_values', path };
    const entries: Array<[string, unknown]> = Array.isArray(value) ? value.map((item, index) => [String(index), item]) : Object.entries(value);
    for (const [key, item] of entries) {
      characters += key.length;
      pending.push({ value: item, depth: depth + 1, path: path === '(root)' ? key : `${path}.${key}` });
    }
  }
  return undefined;
}
