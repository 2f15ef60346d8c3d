/**
 * Request JSON is capped at MAX_JSON_DEPTH levels of arrays and objects. A body nested thousands of
 * levels deep parses, is stored (preferences keep unknown members, spec 2.4) and then overflows the stack
 * of every later JSON.stringify of the state; it is refused at the door instead (docs/decisions.md).
 */
export const MAX_JSON_DEPTH = 64;

/** The deepest nesting of `[`/`{` in a JSON text, ignoring brackets inside strings; stops early past `limit`. */
export function jsonNestingDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c /* \ */) index++;
      else if (char === 0x22 /* " */) inString = false;
      continue;
    }
    if (char === 0x22) inString = true;
    else if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (char === 0x5d /* ] */ || char === 0x7d /* } */) depth--;
  }
  return deepest;
}

/** Raised by the JSON body parser; the error handler answers it with the route's code for malformed JSON. */
export class JsonTooDeepError extends Error {
  constructor() {
    super(`The request body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep.`);
    this.name = 'JsonTooDeepError';
  }
}
