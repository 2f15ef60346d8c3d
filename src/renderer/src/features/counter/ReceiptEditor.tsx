import { memo, useMemo, type KeyboardEvent, type RefObject } from 'react';
import { applyTextEdit } from './editor-commands';
import { highlightSegments, type MarkedRange, type Segment } from './highlight';
import { tagEdit, toolForKey } from './tag-editing';

interface ReceiptEditorProps {
  id: string;
  content: string;
  onChange(content: string): void;
  marks: readonly MarkedRange[];
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  backdropRef: RefObject<HTMLDivElement | null>;
  describedBy: string;
  invalid: boolean;
  placeholder: string;
}

function segmentClass(segment: Segment): string {
  const classes = [`hl-${segment.kind}`];
  if (segment.tag !== undefined) classes.push(`hl-tag-${segment.tag}`);
  if (segment.problem !== undefined) classes.push(`hl-${segment.problem}`);
  return classes.join(' ');
}

/** A run of one line of the backdrop; offsets are the content's, for finding a problem's mark. */
interface LinePart {
  readonly text: string;
  readonly className?: string;
  readonly from?: number;
  readonly to?: number;
}

/** One line of the backdrop. Memoised on a signature of its parts, so the lines a keystroke did not touch cost nothing. */
const BackdropLine = memo(
  function BackdropLine({ parts }: { parts: readonly LinePart[]; signature: string }) {
    // An empty line still takes a line's height, as it does in the textarea.
    if (parts.length === 0) return <div>{'\u200b'}</div>;
    return (
      <div>
        {parts.map((part, index) =>
          part.className === undefined ? (
            part.text
          ) : (
            <span key={index} className={part.className} data-from={part.from} data-to={part.to}>
              {part.text}
            </span>
          ),
        )}
      </div>
    );
  },
  (previous, next) => previous.signature === next.signature,
);

function signatureOf(parts: readonly LinePart[]): string {
  return parts.map((part) => `${part.className ?? ''}|${part.from ?? ''}|${part.to ?? ''}|${part.text}`).join('\u0000');
}

/**
 * The coloured copy of the text drawn under the transparent textarea, one block per line of the text:
 * a keystroke then lays out, renders and repaints its own line only.
 */
const Backdrop = memo(function Backdrop({ content, marks }: { content: string; marks: readonly MarkedRange[] }) {
  const lines = useMemo(() => {
    const built: LinePart[][] = [[]];
    for (const segment of highlightSegments(content, marks)) {
      const styled = segment.kind !== 'text' || segment.problem !== undefined;
      const marked = segment.problem !== undefined;
      content
        .slice(segment.start, segment.end)
        .split('\n')
        .forEach((text, index) => {
          if (index > 0) built.push([]);
          if (text === '') return;
          built[built.length - 1]?.push(
            styled ? { text, className: segmentClass(segment), ...(marked ? { from: segment.start, to: segment.end } : {}) } : { text },
          );
        });
    }
    return built.map((parts) => ({ parts, signature: signatureOf(parts) }));
  }, [content, marks]);
  return (
    <>
      {lines.map((line, index) => (
        <BackdropLine key={index} parts={line.parts} signature={line.signature} />
      ))}
    </>
  );
});

/**
 * A plain textarea over a highlighted backdrop: native caret, selection, undo, IME and spell-free typing,
 * with tags coloured and problems underlined by the layer underneath. Both share one font and box, so
 * every character of the backdrop sits exactly under its twin.
 */
export function ReceiptEditor({ id, content, onChange, marks, textareaRef, backdropRef, describedBy, invalid, placeholder }: ReceiptEditorProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const tool = toolForKey(event);
    if (tool === undefined) return;
    event.preventDefault();
    const textarea = event.currentTarget;
    applyTextEdit(textarea, tagEdit(textarea.value, textarea.selectionStart, textarea.selectionEnd, tool));
  };

  return (
    <div className="editor-frame">
      <div className="editor-backdrop" ref={backdropRef} aria-hidden="true">
        <Backdrop content={content} marks={marks} />
      </div>
      <textarea
        id={id}
        ref={textareaRef}
        className="editor-input"
        value={content}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        onScroll={(event) => {
          if (backdropRef.current !== null) backdropRef.current.scrollTop = event.currentTarget.scrollTop;
        }}
        spellCheck={false}
        autoComplete="off"
        aria-describedby={describedBy}
        aria-invalid={invalid}
        placeholder={placeholder}
        data-testid="receipt-editor"
      />
    </div>
  );
}
