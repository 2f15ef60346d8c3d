import type { ReceiptTagName } from '../../../../shared/receipt';

/** A key combination as KeyboardEvent reports it; `primary` is Ctrl, or ⌘ on a Mac. */
export interface Shortcut {
  readonly primary: boolean;
  readonly shift: boolean;
  /** Compared with KeyboardEvent.key (lowercased) for letters and Enter… */
  readonly key?: string;
  /** …and with KeyboardEvent.code for brackets, whose character moves around between layouts. */
  readonly code?: string;
  /** The aria-keyshortcuts spelling. */
  readonly aria: string;
}

export interface TagTool {
  readonly tag: ReceiptTagName;
  /** `wrap` puts the selection between an opening and a closing tag; `insert` drops the tag at the caret. */
  readonly action: 'wrap' | 'insert';
  readonly shortcut: Shortcut;
}

/**
 * Word processors' keys where they exist (Ctrl+B bold, Ctrl+E centre, Ctrl+L left, Ctrl+] / Ctrl+[ grow
 * and shrink, Shift+Enter a line break), Ctrl+K for the code that usually carries a link, and nothing a
 * browser keeps for itself (Ctrl+W, Ctrl+Shift+Q…).
 */
export const TAG_TOOLS: readonly TagTool[] = [
  { tag: 'b', action: 'wrap', shortcut: { primary: true, shift: false, key: 'b', aria: 'Control+B' } },
  { tag: 'w', action: 'wrap', shortcut: { primary: true, shift: false, code: 'BracketRight', aria: 'Control+]' } },
  { tag: 's', action: 'wrap', shortcut: { primary: true, shift: false, code: 'BracketLeft', aria: 'Control+[' } },
  { tag: 'br', action: 'insert', shortcut: { primary: false, shift: true, key: 'enter', aria: 'Shift+Enter' } },
  { tag: 'left', action: 'wrap', shortcut: { primary: true, shift: false, key: 'l', aria: 'Control+L' } },
  { tag: 'center', action: 'wrap', shortcut: { primary: true, shift: false, key: 'e', aria: 'Control+E' } },
  { tag: 'qr', action: 'wrap', shortcut: { primary: true, shift: false, key: 'k', aria: 'Control+K' } },
  { tag: 'pdf417', action: 'wrap', shortcut: { primary: true, shift: true, key: 'k', aria: 'Control+Shift+K' } },
];

export const PRINT_SHORTCUT: Shortcut = { primary: true, shift: false, key: 'enter', aria: 'Control+Enter' };

export interface KeyPress {
  readonly key: string;
  readonly code: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
}

export function matchesShortcut(press: KeyPress, shortcut: Shortcut): boolean {
  if (press.altKey || press.shiftKey !== shortcut.shift || (press.ctrlKey || press.metaKey) !== shortcut.primary) return false;
  return shortcut.code !== undefined ? press.code === shortcut.code : press.key.toLowerCase() === shortcut.key;
}

export function toolForKey(press: KeyPress): TagTool | undefined {
  return TAG_TOOLS.find((tool) => matchesShortcut(press, tool.shortcut));
}

/** Human spelling of a shortcut for tooltips: "Ctrl+]" or "⌘]". */
export function shortcutLabel(shortcut: Shortcut, mac: boolean): string {
  const keyName = shortcut.aria.split('+').at(-1) ?? '';
  const parts = [shortcut.primary ? (mac ? '⌘' : 'Ctrl') : undefined, shortcut.shift ? (mac ? '⇧' : 'Shift') : undefined, keyName];
  return parts.filter((part) => part !== undefined).join(mac ? '' : '+');
}

/** Replace [start, end) with `text`, then select [selectionStart, selectionEnd) of the result. */
export interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly selectionStart: number;
  readonly selectionEnd: number;
}

/**
 * What a toolbar button or shortcut does to the content: wrap the selection in the tag, or, when the
 * selection already is exactly that tag's content, take the tag off again (a toggle, like Bold in a word
 * processor). `{br}` is typed at the caret.
 */
export function tagEdit(content: string, selectionStart: number, selectionEnd: number, tool: TagTool): TextEdit {
  const start = Math.min(selectionStart, selectionEnd);
  const end = Math.max(selectionStart, selectionEnd);
  const open = `{${tool.tag}}`;
  if (tool.action === 'insert') {
    return { start: end, end, text: open, selectionStart: end + open.length, selectionEnd: end + open.length };
  }
  const close = `{/${tool.tag}}`;
  const selected = content.slice(start, end);
  if (start >= open.length && content.slice(start - open.length, start) === open && content.startsWith(close, end)) {
    const outerStart = start - open.length;
    return { start: outerStart, end: end + close.length, text: selected, selectionStart: outerStart, selectionEnd: outerStart + selected.length };
  }
  if (selected.length >= open.length + close.length && selected.startsWith(open) && selected.endsWith(close)) {
    const inner = selected.slice(open.length, selected.length - close.length);
    return { start, end, text: inner, selectionStart: start, selectionEnd: start + inner.length };
  }
  return {
    start,
    end,
    text: `${open}${selected}${close}`,
    selectionStart: start + open.length,
    selectionEnd: start + open.length + selected.length,
  };
}
