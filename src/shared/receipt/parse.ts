import { CUSTOM_CONTENT_MAX_LENGTH, CUSTOM_CONTENT_MIN_LENGTH, QR_MAX_BYTES } from './constants';
import { PLAIN_STYLE, styleFromDepths } from './styles';
import { RECEIPT_PROBLEMS, type ReceiptProblemText } from '../i18n/receipt-problems';
import { textOf, type TextParams, type TextRef } from '../i18n/text';
import { utf8ByteLength } from '../text';
import type {
  ReceiptAlignment,
  ReceiptDocument,
  ReceiptNode,
  ReceiptParseResult,
  ReceiptProblem,
  ReceiptProblemCode,
  ReceiptProblemSeverity,
  ReceiptSymbology,
  ReceiptTagName,
  ReceiptTextStyle,
} from './types';

type ContainerTagName = 'b' | 'w' | 's' | 'left' | 'center';
type CodeTagName = 'qr' | 'pdf417';

const CONTAINER_TAGS: ReadonlySet<string> = new Set<ContainerTagName>(['b', 'w', 's', 'left', 'center']);
const CODE_TAGS: ReadonlySet<string> = new Set<CodeTagName>(['qr', 'pdf417']);
const SYMBOLOGY_OF_TAG: Readonly<Record<CodeTagName, ReceiptSymbology>> = { qr: 'qr', pdf417: 'pdf417' };

/**
 * Anything between braces that could have been meant as a tag: short, on one line, no
 * nested braces. A `{` that does not open such a shape is reported on its own.
 */
const TAG_SHAPE = /\{(\/?)([^{}\s/]{0,24})\}/y;
const KNOWN_TAG_INSIDE_CODE = /\{\/?(?:b|w|s|br|left|center|qr|pdf417)\}/g;

/** Common guesses mapped to the real tag, for a helpful message. */
const TAG_SUGGESTIONS: Readonly<Record<string, string>> = {
  bold: 'b',
  strong: 'b',
  wide: 'w',
  large: 'w',
  big: 'w',
  small: 's',
  c: 'center',
  centre: 'center',
  l: 'left',
  newline: 'br',
  n: 'br',
  barcode: 'pdf417',
  qrcode: 'qr',
};

const OPEN_BRACE = 0x7b;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

interface OpenTag {
  readonly name: ContainerTagName;
  readonly start: number;
  readonly end: number;
}

function isKnownTagName(name: string): name is ReceiptTagName {
  return name === 'br' || CONTAINER_TAGS.has(name) || CODE_TAGS.has(name);
}

function countCodePoints(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) index++;
    }
    count++;
  }
  return count;
}

function severityOf(code: ReceiptProblemCode): ReceiptProblemSeverity {
  // The terminal's handling of unknown braces is undocumented; they most likely print as
  // typed, which the preview shows, so they should not block a print.
  return code === 'unknown_tag' ? 'warning' : 'error';
}

function unknownTagText(tag: string, name: string): TextRef<ReceiptProblemText> {
  if (name === '') return { key: 'not_a_tag', params: { text: tag, tags: listOfTags() } };
  const lower = name.toLowerCase();
  if (lower !== name && isKnownTagName(lower)) return { key: 'lowercase', params: { lower: `{${lower}}`, typed: `{${name}}` } };
  const suggestion = TAG_SUGGESTIONS[lower];
  if (suggestion !== undefined) return { key: 'did_you_mean', params: { text: tag, suggestion: `{${suggestion}}` } };
  if (lower === 'right') return { key: 'no_right', params: {} };
  return { key: 'unknown_tag', params: { text: tag, tags: listOfTags() } };
}

function listOfTags(): string {
  return '{b} {w} {s} {br} {left} {center} {qr} {pdf417}';
}

class ReceiptParser {
  private readonly nodes: ReceiptNode[] = [];
  private readonly problems: ReceiptProblem[] = [];
  private readonly openTags: OpenTag[] = [];
  private boldDepth = 0;
  private wideDepth = 0;
  private smallDepth = 0;
  private style: ReceiptTextStyle = PLAIN_STYLE;
  private align: ReceiptAlignment = 'left';
  private sawSupportedTag = false;

  constructor(private readonly content: string) {}

  run(): ReceiptParseResult {
    const { content } = this;
    const length = content.length;
    let textStart = 0;
    let index = 0;
    while (index < length) {
      const unit = content.charCodeAt(index);
      if (unit === LINE_FEED || unit === CARRIAGE_RETURN) {
        this.pushText(textStart, index);
        const end = unit === CARRIAGE_RETURN && content.charCodeAt(index + 1) === LINE_FEED ? index + 2 : index + 1;
        this.nodes.push({ kind: 'break', start: index, end });
        index = textStart = end;
      } else if (unit === OPEN_BRACE) {
        TAG_SHAPE.lastIndex = index;
        const match = TAG_SHAPE.exec(content);
        const name = match?.[2] ?? '';
        if (match !== null && isKnownTagName(name)) {
          index = textStart = this.readTag(name, match[1] === '/', index, index + match[0].length, textStart);
        } else {
          // An unknown brace prints as typed, so it stays inside the pending text run.
          index = this.reportUnknownBrace(index, match?.[0], name);
        }
      } else {
        index++;
      }
    }
    this.pushText(textStart, length);

    for (const open of this.openTags) {
      this.report('unclosed_tag', open.start, open.end, 'unclosed', { open: `{${open.name}}`, close: `{/${open.name}}` });
    }
    this.checkLength();
    if (!this.sawSupportedTag) {
      this.report('no_tag', 0, length, 'no_tag', { tags: listOfTags() });
    }
    this.problems.sort((left, right) => left.start - right.start || left.end - right.end);
    const document: ReceiptDocument = { nodes: this.nodes };
    return { document, problems: this.problems };
  }

  /** Applies a known tag and returns the offset where text resumes. */
  private readTag(name: ReceiptTagName, closing: boolean, start: number, end: number, textStart: number): number {
    this.pushText(textStart, start);
    this.sawSupportedTag = true;

    if (name === 'br') {
      if (closing) this.report('unexpected_closing_tag', start, end, 'break_closed');
      else this.nodes.push({ kind: 'break', start, end });
      return end;
    }
    if (name === 'qr' || name === 'pdf417') {
      if (closing) {
        this.report('unexpected_closing_tag', start, end, 'closing_not_open', { open: `{${name}}`, close: `{/${name}}` });
        return end;
      }
      return this.readCode(name, start, end);
    }
    if (closing) this.closeContainer(name, start, end);
    else this.openContainer(name, start, end);
    return end;
  }

  private reportUnknownBrace(start: number, tag: string | undefined, name: string): number {
    if (tag === undefined) {
      this.report('unknown_tag', start, start + 1, 'brace_not_tag');
      return start + 1;
    }
    const { key, params } = unknownTagText(tag, name);
    this.report('unknown_tag', start, start + tag.length, key, params);
    return start + tag.length;
  }

  private readCode(name: CodeTagName, start: number, openEnd: number): number {
    const closingTag = `{/${name}}`;
    const closeStart = this.content.indexOf(closingTag, openEnd);
    if (closeStart === -1) {
      this.report('unclosed_tag', start, openEnd, 'unclosed_code', { open: `{${name}}`, close: closingTag });
      return openEnd;
    }
    const end = closeStart + closingTag.length;
    const data = this.content.slice(openEnd, closeStart);
    if (data.trim() === '') {
      this.report('empty_code', start, end, name === 'qr' ? 'empty_qr' : 'empty_pdf417', { open: `{${name}}`, close: closingTag });
    }
    KNOWN_TAG_INSIDE_CODE.lastIndex = 0;
    for (let inner = KNOWN_TAG_INSIDE_CODE.exec(data); inner !== null; inner = KNOWN_TAG_INSIDE_CODE.exec(data)) {
      const innerStart = openEnd + inner.index;
      this.report('nested_code', innerStart, innerStart + inner[0].length, 'nested_code', { open: `{${name}}`, inner: inner[0], close: closingTag });
    }
    if (name === 'qr' && utf8ByteLength(data) > QR_MAX_BYTES) {
      this.report('code_too_long', openEnd, closeStart, 'qr_too_long', { max: QR_MAX_BYTES });
    }
    this.nodes.push({ kind: 'code', symbology: SYMBOLOGY_OF_TAG[name], data, start, end });
    return end;
  }

  private openContainer(name: ContainerTagName, start: number, end: number): void {
    this.openTags.push({ name, start, end });
    this.applyTagEffect(name, 1);
  }

  private closeContainer(name: ContainerTagName, start: number, end: number): void {
    const { openTags } = this;
    let position = openTags.length - 1;
    while (position >= 0 && openTags[position]?.name !== name) position--;
    if (position < 0) {
      this.report('unexpected_closing_tag', start, end, 'closing_not_open', { open: `{${name}}`, close: `{/${name}}` });
      return;
    }
    const innermost = openTags[openTags.length - 1];
    if (position !== openTags.length - 1 && innermost !== undefined) {
      this.report('crossed_tags', start, end, 'crossed', {
        close: `{/${name}}`,
        open: `{${name}}`,
        inner: `{${innermost.name}}`,
        innerClose: `{/${innermost.name}}`,
      });
    }
    // Recover by closing just this tag, so one crossing yields one problem, not a cascade.
    openTags.splice(position, 1);
    this.applyTagEffect(name, -1);
  }

  private applyTagEffect(name: ContainerTagName, delta: 1 | -1): void {
    switch (name) {
      case 'b':
        this.boldDepth += delta;
        break;
      case 'w':
        this.wideDepth += delta;
        break;
      case 's':
        this.smallDepth += delta;
        break;
      case 'left':
      case 'center':
        this.align = this.innermostAlignment();
        return;
    }
    this.style = styleFromDepths(this.boldDepth, this.wideDepth, this.smallDepth);
  }

  private innermostAlignment(): ReceiptAlignment {
    for (let position = this.openTags.length - 1; position >= 0; position--) {
      const name = this.openTags[position]?.name;
      if (name === 'left' || name === 'center') return name;
    }
    return 'left';
  }

  private pushText(start: number, end: number): void {
    if (end <= start) return;
    this.nodes.push({
      kind: 'text',
      text: this.content.slice(start, end),
      style: this.style,
      align: this.align,
      start,
      end,
    });
  }

  private checkLength(): void {
    const { content } = this;
    // The platform does not say how it counts characters. Counting UTF-16 units for the
    // maximum and code points for the minimum errs on the safe side at both ends.
    if (content.length > CUSTOM_CONTENT_MAX_LENGTH) {
      this.report('too_long', CUSTOM_CONTENT_MAX_LENGTH, content.length, 'too_long', { length: content.length, max: CUSTOM_CONTENT_MAX_LENGTH });
    }
    const codePoints = countCodePoints(content);
    if (codePoints < CUSTOM_CONTENT_MIN_LENGTH) {
      this.report('too_short', 0, content.length, 'too_short', { length: codePoints, min: CUSTOM_CONTENT_MIN_LENGTH });
    }
  }

  /** The English `message` is the catalogue's English, so the sandbox's descriptions and the screen agree. */
  private report(code: ReceiptProblemCode, start: number, end: number, key: ReceiptProblemText, params: TextParams = {}): void {
    const message = textOf(RECEIPT_PROBLEMS, key, 'en', params);
    this.problems.push({ code, severity: severityOf(code), message, text: { key, params }, start, end });
  }
}

/**
 * Reads custom print content into a document plus every problem found. Never throws: the
 * document is always usable for a preview, recovering the way a reader would expect
 * (unknown braces print as typed, unclosed tags run to the end).
 */
export function parse(content: string): ReceiptParseResult {
  return new ReceiptParser(content).run();
}

export function validateCustomContent(content: string): readonly ReceiptProblem[] {
  return parse(content).problems;
}

/** True when the content must not be sent to the terminal as is. */
export function hasBlockingProblems(problems: readonly ReceiptProblem[]): boolean {
  return problems.some((problem) => problem.severity === 'error');
}
