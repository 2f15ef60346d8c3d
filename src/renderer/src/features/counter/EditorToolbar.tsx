import { memo, useState, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';
import { useFeatureT } from '../../i18n';
import { counterMessages, type CounterMessageKey } from './messages';
import { applyTextEdit } from './editor-commands';
import { nextToolIndex } from './toolbar-keys';
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

function controlsOf(toolbar: HTMLElement): HTMLElement[] {
  return [...toolbar.querySelectorAll<HTMLElement>('button, select')];
}

export const EditorToolbar = memo(function EditorToolbar({ textareaRef }: { textareaRef: RefObject<HTMLTextAreaElement | null> }) {
  const t = useFeatureT(counterMessages);
  // One Tab stop for the whole toolbar (WAI-ARIA APG toolbar pattern): the control last used keeps it,
  // and the arrow keys move along the row, wrapping at the ends.
  const [active, setActive] = useState(0);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const controls = controlsOf(event.currentTarget);
    const index = controls.indexOf(document.activeElement as HTMLElement);
    const next = index < 0 ? undefined : nextToolIndex(event.key, index, controls.length);
    if (next === undefined) return;
    event.preventDefault();
    setActive(next);
    controls[next]?.focus();
  };
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const index = controlsOf(event.currentTarget).indexOf(event.target);
    if (index >= 0) setActive(index);
  };

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
    <div className="editor-toolbar" role="toolbar" aria-label={t('toolbar')} aria-controls="counter-receipt-input" onKeyDown={onKeyDown} onFocus={onFocus}>
      <div className="tool-group">
        {TAG_TOOLS.map((tool, index) => {
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
              tabIndex={index === active ? 0 : -1}
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
        tabIndex={active === TAG_TOOLS.length ? 0 : -1}
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
