import { NORMAL_COLUMNS, SMALL_COLUMNS, WIDE_CHARACTER_COLUMNS } from './constants';
import { STYLE_FLAG, styleFlags, styleFromFlags } from './styles';
import type {
  ReceiptAlignment,
  ReceiptCodeNode,
  ReceiptDocument,
  ReceiptLayout,
  ReceiptLayoutOptions,
  ReceiptLine,
  ReceiptRun,
  ReceiptTextLine,
  ReceiptTextNode,
} from './types';

/** Above the style flags, so one number per character carries style and alignment. */
const CENTER_FLAG = 8;
const STYLE_MASK = STYLE_FLAG.BOLD | STYLE_FLAG.WIDE | STYLE_FLAG.SMALL;
const COMBINING_MARK = /^\p{M}$/u;
const NON_ASCII = /[^\x20-\x7e]/;

const EMPTY_LINE: ReceiptTextLine = Object.freeze({
  kind: 'text',
  align: 'left',
  runs: Object.freeze([]) as readonly ReceiptRun[],
  x: 0,
  width: 0,
  size: 'normal',
});

function resolveColumns(options: ReceiptLayoutOptions): { columns: number; smallColumns: number } {
  const columns = options.columns ?? NORMAL_COLUMNS;
  if (!Number.isInteger(columns) || columns < 1) throw new RangeError(`columns must be a positive integer, got ${columns}`);
  const smallColumns =
    options.smallColumns ?? (columns === NORMAL_COLUMNS ? SMALL_COLUMNS : Math.max(1, Math.round((columns * SMALL_COLUMNS) / NORMAL_COLUMNS)));
  if (!Number.isInteger(smallColumns) || smallColumns < 1) {
    throw new RangeError(`smallColumns must be a positive integer, got ${smallColumns}`);
  }
  return { columns, smallColumns };
}

/**
 * Characters of the paragraph being laid out, in parallel arrays: a receipt has thousands
 * of characters and this runs on every keystroke of the live preview.
 */
class ParagraphBuffer {
  readonly characters: string[] = [];
  readonly flags: number[] = [];
  readonly widths: number[] = [];

  get length(): number {
    return this.characters.length;
  }

  clear(): void {
    this.characters.length = 0;
    this.flags.length = 0;
    this.widths.length = 0;
  }
}

class ReceiptLayouter {
  private readonly lines: ReceiptLine[] = [];
  private readonly paragraph = new ParagraphBuffer();
  private readonly lineUnits: number;
  /** Width in units of one character, indexed by style flags. */
  private readonly widthByFlags: readonly number[];
  /** A break right after a code ends the code's own line instead of adding a blank one. */
  private breakClosesCodeLine = false;

  constructor(
    private readonly columns: number,
    private readonly smallColumns: number,
  ) {
    this.lineUnits = columns * smallColumns;
    this.widthByFlags = Array.from({ length: STYLE_MASK + 1 }, (_, flags) => {
      const base = flags & STYLE_FLAG.SMALL ? columns : smallColumns;
      return flags & STYLE_FLAG.WIDE ? base * WIDE_CHARACTER_COLUMNS : base;
    });
  }

  run(document: ReceiptDocument): ReceiptLayout {
    for (const node of document.nodes) {
      switch (node.kind) {
        case 'text':
          this.appendText(node);
          break;
        case 'break':
          if (this.paragraph.length > 0) this.flushParagraph();
          else if (!this.breakClosesCodeLine) this.lines.push(EMPTY_LINE);
          this.breakClosesCodeLine = false;
          break;
        case 'code':
          this.appendCode(node);
          break;
      }
    }
    if (this.paragraph.length > 0) this.flushParagraph();
    return { columns: this.columns, smallColumns: this.smallColumns, lineUnits: this.lineUnits, lines: this.lines };
  }

  private appendCode(node: ReceiptCodeNode): void {
    if (this.paragraph.length > 0) this.flushParagraph();
    this.lines.push({ kind: 'code', symbology: node.symbology, data: node.data, align: 'center' });
    this.breakClosesCodeLine = true;
  }

  private appendText(node: ReceiptTextNode): void {
    // Decomposed accents ("e" + U+0301) must count as one column like the precomposed "é".
    const text = NON_ASCII.test(node.text) ? node.text.normalize('NFC') : node.text;
    const flags = styleFlags(node.style) | (node.align === 'center' ? CENTER_FLAG : 0);
    const width = this.widthByFlags[flags & STYLE_MASK] ?? this.smallColumns;
    const { characters, flags: allFlags, widths } = this.paragraph;
    for (let index = 0; index < text.length;) {
      const codePoint = text.codePointAt(index) ?? 0;
      const size = codePoint > 0xffff ? 2 : 1;
      let character = size === 1 ? text.charAt(index) : text.slice(index, index + 2);
      index += size;
      if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint < 0xa0)) {
        // Tabs have no stops on the terminal; other control characters print nothing.
        if (codePoint !== 0x09) continue;
        character = ' ';
      } else if ((codePoint >= 0xd800 && codePoint <= 0xdfff) || codePoint === 0xfffe || codePoint === 0xffff) {
        // Lone surrogates and non-characters cannot be printed (nor written to XML).
        character = '\ufffd';
      } else if (codePoint >= 0x300 && characters.length > 0 && COMBINING_MARK.test(character)) {
        // A mark with no precomposed form still rides on its base character's column.
        const last = characters.length - 1;
        characters[last] = (characters[last] ?? '') + character;
        continue;
      }
      characters.push(character);
      allFlags.push(flags);
      widths.push(width);
    }
    if (characters.length > 0) this.breakClosesCodeLine = false;
  }

  /** Greedy word wrap: break at spaces, hard-break words longer than a line. */
  private flushParagraph(): void {
    const { characters, widths } = this.paragraph;
    const count = characters.length;
    const capacity = this.lineUnits;
    let start = 0;
    let firstLine = true;
    while (start < count) {
      // Spaces where a line wrapped are swallowed by the break; indentation of the
      // paragraph's first line is kept as typed.
      if (!firstLine) {
        while (start < count && characters[start] === ' ') start++;
        if (start >= count) break;
      }
      firstLine = false;
      let used = 0;
      let end = start;
      let lastWordEnd = -1;
      while (end < count) {
        const width = widths[end] ?? 0;
        if (used + width > capacity) break;
        if (characters[end] === ' ' && end > start && characters[end - 1] !== ' ') lastWordEnd = end;
        used += width;
        end++;
      }
      if (end >= count || characters[end] === ' ') {
        this.pushLine(start, end);
        start = end;
      } else if (lastWordEnd > start) {
        this.pushLine(start, lastWordEnd);
        start = lastWordEnd;
      } else {
        // One character wider than the whole line (tiny `columns`) still has to go somewhere.
        if (end === start) end = start + 1;
        this.pushLine(start, end);
        start = end;
      }
    }
    this.paragraph.clear();
  }

  private pushLine(start: number, end: number): void {
    const { characters, flags, widths } = this.paragraph;
    // Trailing spaces are invisible but would push a centred line off centre.
    while (end > start && characters[end - 1] === ' ') end--;
    if (end === start) {
      this.lines.push(EMPTY_LINE);
      return;
    }
    const align: ReceiptAlignment = ((flags[start] ?? 0) & CENTER_FLAG) !== 0 ? 'center' : 'left';
    const runs: ReceiptRun[] = [];
    let lineWidth = 0;
    let allSmall = true;
    let runStart = start;
    while (runStart < end) {
      const runFlags = (flags[runStart] ?? 0) & STYLE_MASK;
      let runEnd = runStart;
      let runWidth = 0;
      while (runEnd < end && ((flags[runEnd] ?? 0) & STYLE_MASK) === runFlags) {
        runWidth += widths[runEnd] ?? 0;
        runEnd++;
      }
      if ((runFlags & STYLE_FLAG.SMALL) === 0) allSmall = false;
      runs.push({
        text: runEnd - runStart === 1 ? (characters[runStart] ?? '') : characters.slice(runStart, runEnd).join(''),
        style: styleFromFlags(runFlags),
        characters: runEnd - runStart,
        x: lineWidth,
        width: runWidth,
      });
      lineWidth += runWidth;
      runStart = runEnd;
    }
    const x = align === 'center' ? Math.max(0, Math.floor((this.lineUnits - lineWidth) / 2)) : 0;
    this.lines.push({ kind: 'text', align, runs, x, width: lineWidth, size: allSmall ? 'small' : 'normal' });
  }
}

/**
 * Lays the document out on the paper: wraps words at `columns` (32 on the 58 mm roll; 46
 * inside `{s}`; wide characters count twice), aligns each line by the alignment in effect
 * at its first character, and puts codes on lines of their own.
 */
export function layout(document: ReceiptDocument, options: ReceiptLayoutOptions = {}): ReceiptLayout {
  const { columns, smallColumns } = resolveColumns(options);
  return new ReceiptLayouter(columns, smallColumns).run(document);
}
