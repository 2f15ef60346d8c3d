import type { TextEdit } from './tag-editing';

/**
 * Applies an edit the way typing would, through the browser's editing command, so Ctrl+Z undoes a
 * toolbar action like any keystroke; assigning `value` would wipe the undo history instead.
 */
export function applyTextEdit(textarea: HTMLTextAreaElement, edit: TextEdit): void {
  textarea.focus();
  textarea.setSelectionRange(edit.start, edit.end);
  const done = edit.text === '' ? document.execCommand('delete') : document.execCommand('insertText', false, edit.text);
  if (!done) {
    // Browsers without the command still get the edit, only without undo.
    textarea.setRangeText(edit.text, edit.start, edit.end);
    textarea.dispatchEvent(new Event('input', { bubbles: true }));
  }
  textarea.setSelectionRange(edit.selectionStart, edit.selectionEnd);
}

/** Replaces the whole content as one undoable step (loading a template or an example). */
export function replaceAllText(textarea: HTMLTextAreaElement, text: string): void {
  applyTextEdit(textarea, { start: 0, end: textarea.value.length, text, selectionStart: 0, selectionEnd: 0 });
}

/**
 * Selects a range and scrolls it into the middle of the editor. Chromium does not scroll a textarea to
 * a selection set from script, so the backdrop's marked span tells where the range is drawn.
 */
export function revealRange(textarea: HTMLTextAreaElement, backdrop: HTMLElement | null, start: number, end: number): void {
  textarea.focus();
  textarea.setSelectionRange(start, end);
  const marks = backdrop?.querySelectorAll<HTMLElement>('[data-from]') ?? [];
  for (const mark of marks) {
    const from = Number(mark.dataset['from']);
    const to = Number(mark.dataset['to']);
    if (from <= start && start < Math.max(to, from + 1)) {
      textarea.scrollTop = Math.max(0, mark.offsetTop - textarea.clientHeight / 2);
      return;
    }
  }
}
