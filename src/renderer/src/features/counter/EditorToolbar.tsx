import { memo, type KeyboardEvent, type RefObject } from 'react';
import { useFeatureT } from '../../i18n';
import { counterMessages, type CounterMessageKey } from './messages';
import { applyTextEdit } from './editor-commands';
import { PLACEHOLDER_NAMES } from './placeholders';
import { shortcutLabel, TAG_TOOLS, tagEdit, type TagTool } from './tag-editing';

const IS_MAC = /Mac|iPhone|iPad/.test(navigator.platform);

/** What each button shows: the tag's effect in miniature, so it reads like the paper. */
const TOOL_FACE: Readonly<Record<TagTool['tag'], string>> = {
  b: 'B',
  w: 'W',
  s: 's',
  br: '↵',
  left: '⇤',
  center: '≡',
  qr: 'QR',
  pdf417: '417',
};

/** Arrow keys move along the toolbar, as in any desktop toolbar. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>): void {
  if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft' && event.key !== 'Home' && event.key !== 'End') return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>('button, select')];
  const index = controls.indexOf(document.activeElement as HTMLElement);
  if (index < 0) return;
  event.preventDefault();
  const last = controls.length - 1;
  const next = event.key === 'Home' ? 0 : event.key === 'End' ? last : event.key === 'ArrowRight' ? Math.min(last, index + 1) : Math.max(0, index - 1);
  controls[next]?.focus();
}

export const EditorToolbar = memo(function EditorToolbar({ textareaRef }: { textareaRef: RefObject<HTMLTextAreaElement | null> }) {
  const t = useFeatureT(counterMessages);

  const applyTool = (tool: TagTool) => {
    const textarea = textareaRef.current;
    if (textarea === null) return;
    applyTextEdit(textarea, tagEdit(textarea.value, textarea.selectionStart, textarea.selectionEnd, tool));
  };

  const insertPlaceholder = (name: string) => {
    const textarea = textareaRef.current;
    if (textarea === null || name === '') return;
    const text = `{{${name}}}`;
    const at = textarea.selectionEnd;
    applyTextEdit(textarea, {
      start: textarea.selectionStart,
      end: at,
      text,
      selectionStart: textarea.selectionStart + text.length,
      selectionEnd: textarea.selectionStart + text.length,
    });
  };

  return (
    <div className="editor-toolbar" role="toolbar" aria-label={t('toolbar')} aria-controls="counter-receipt-input" onKeyDown={moveFocus}>
      <div className="tool-group">
        {TAG_TOOLS.map((tool) => {
          const name = t(`tool.${tool.tag}` as CounterMessageKey);
          const keys = shortcutLabel(tool.shortcut, IS_MAC);
          return (
            <button
              key={tool.tag}
              type="button"
              className={`tool tool-${tool.tag}`}
              aria-label={name}
              aria-keyshortcuts={tool.shortcut.aria}
              title={`${name} (${keys})`}
              data-testid={`tool-${tool.tag}`}
              // Keeps the textarea's focus and selection while the mouse is down.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => applyTool(tool)}
            >
              <span aria-hidden="true">{TOOL_FACE[tool.tag]}</span>
            </button>
          );
        })}
      </div>
      <select
        className="tool-select"
        aria-label={t('placeholder.insert')}
        title={t('placeholder.hint')}
        value=""
        onChange={(event) => insertPlaceholder(event.target.value)}
      >
        <option value="">{t('placeholder.insert')}</option>
        {PLACEHOLDER_NAMES.map((name) => (
          <option key={name} value={name}>
            {`{{${name}}}`} · {t(`placeholder.${name}` as CounterMessageKey)}
          </option>
        ))}
      </select>
    </div>
  );
});
