import type { ReceiptLayout, ReceiptLine, ReceiptRun, ReceiptSymbology } from './types';

const CHARACTER_WITH_MARKS = /\P{M}\p{M}*|\p{M}+/gu;

const SYMBOLOGY_LABEL: Readonly<Record<ReceiptSymbology, string>> = { qr: 'QR', pdf417: 'PDF417' };

function runText(run: ReceiptRun): string {
  if (!run.style.wide) return run.text;
  // Monospace text cannot draw a double-width glyph; a space after each one keeps the columns.
  return run.text.replace(CHARACTER_WITH_MARKS, '$& ');
}

function renderLine(line: ReceiptLine, layout: ReceiptLayout): string {
  if (line.kind === 'code') {
    const placeholder = `[${SYMBOLOGY_LABEL[line.symbology]}: ${line.data.replace(/\r\n|\r|\n/g, '\\n')}]`;
    const indent = Math.max(0, Math.floor((layout.columns - placeholder.length) / 2));
    return ' '.repeat(indent) + placeholder;
  }
  let text = '';
  for (const run of line.runs) text += runText(run);
  // An all-small line is drawn on the 46-column grid, anything else on the 32-column one.
  const unitsPerColumn = line.size === 'small' ? layout.columns : layout.smallColumns;
  const indent = Math.round(line.x / unitsPerColumn);
  return (' '.repeat(indent) + text).trimEnd();
}

/**
 * The paper as monospace text, one printed line per text line, for tests and logs.
 * Wide characters are followed by a space; codes become `[QR: data]` placeholders.
 */
export function renderText(layout: ReceiptLayout): string {
  return layout.lines.map((line) => renderLine(line, layout)).join('\n');
}
