import type { ReceiptTextStyle } from './types';

const BOLD = 1;
const WIDE = 2;
const SMALL = 4;

/**
 * The eight possible styles as shared frozen objects, so equal styles are identical and
 * code can compare them with `===` and index tables by their flags.
 */
const STYLES: readonly ReceiptTextStyle[] = Array.from({ length: 8 }, (_, flags) =>
  Object.freeze({ bold: (flags & BOLD) !== 0, wide: (flags & WIDE) !== 0, small: (flags & SMALL) !== 0 }),
);

export const PLAIN_STYLE = styleFromFlags(0);

export function styleFromFlags(flags: number): ReceiptTextStyle {
  const style = STYLES[flags & (BOLD | WIDE | SMALL)];
  // The table covers every combination of the three flags; this satisfies the index check.
  if (style === undefined) throw new Error(`unreachable: no style for flags ${flags}`);
  return style;
}

export function styleFlags(style: ReceiptTextStyle): number {
  return (style.bold ? BOLD : 0) | (style.wide ? WIDE : 0) | (style.small ? SMALL : 0);
}

export function styleFromDepths(boldDepth: number, wideDepth: number, smallDepth: number): ReceiptTextStyle {
  return styleFromFlags((boldDepth > 0 ? BOLD : 0) | (wideDepth > 0 ? WIDE : 0) | (smallDepth > 0 ? SMALL : 0));
}

export const STYLE_FLAG = { BOLD, WIDE, SMALL } as const;
