import { describe, expect, it } from 'vitest';
import { TAG_TOOLS, matchesShortcut, PRINT_SHORTCUT, shortcutLabel, tagEdit, toolForKey, type KeyPress, type TagTool, type TextEdit } from './tag-editing';

function tool(tag: string): TagTool {
  const found = TAG_TOOLS.find((entry) => entry.tag === tag);
  if (found === undefined) throw new Error(`no tool for ${tag}`);
  return found;
}

function apply(content: string, edit: TextEdit): { content: string; selected: string } {
  const next = content.slice(0, edit.start) + edit.text + content.slice(edit.end);
  return { content: next, selected: next.slice(edit.selectionStart, edit.selectionEnd) };
}

const press = (key: string, modifiers: Partial<KeyPress> = {}): KeyPress => ({
  key,
  code: '',
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...modifiers,
});

describe('tag edits', () => {
  it('wraps the selection and keeps the same text selected', () => {
    const result = apply('Total 1000', tagEdit('Total 1000', 6, 10, tool('b')));
    expect(result).toEqual({ content: 'Total {b}1000{/b}', selected: '1000' });
  });

  it('puts the caret between the tags when nothing is selected', () => {
    const edit = tagEdit('ab', 1, 1, tool('center'));
    expect(apply('ab', edit).content).toBe('a{center}{/center}b');
    expect(edit.selectionStart).toBe(edit.selectionEnd);
    expect(edit.selectionStart).toBe(1 + '{center}'.length);
  });

  it('takes the tag off again when its content is selected (a toggle)', () => {
    const content = 'Total {b}1000{/b}';
    expect(apply(content, tagEdit(content, 9, 13, tool('b')))).toEqual({ content: 'Total 1000', selected: '1000' });
  });

  it('takes the tag off when the selection is the whole tagged text', () => {
    const content = 'x {w}BIG{/w} y';
    expect(apply(content, tagEdit(content, 2, 12, tool('w')))).toEqual({ content: 'x BIG y', selected: 'BIG' });
  });

  it('wraps rather than unwraps inside a different tag', () => {
    const content = '{b}1000{/b}';
    expect(apply(content, tagEdit(content, 3, 7, tool('w'))).content).toBe('{b}{w}1000{/w}{/b}');
  });

  it('inserts {br} at the end of the selection without deleting it', () => {
    expect(apply('abc', tagEdit('abc', 1, 2, tool('br'))).content).toBe('ab{br}c');
  });

  it('accepts a selection made backwards', () => {
    expect(apply('Total 1000', tagEdit('Total 1000', 10, 6, tool('qr'))).content).toBe('Total {qr}1000{/qr}');
  });
});

describe('shortcuts', () => {
  it('finds the tag of each key combination', () => {
    expect(toolForKey(press('b', { ctrlKey: true }))?.tag).toBe('b');
    expect(toolForKey(press('B', { metaKey: true }))?.tag).toBe('b');
    expect(toolForKey(press('e', { ctrlKey: true }))?.tag).toBe('center');
    expect(toolForKey(press('l', { ctrlKey: true }))?.tag).toBe('left');
    expect(toolForKey(press(']', { ctrlKey: true, code: 'BracketRight' }))?.tag).toBe('w');
    expect(toolForKey(press('[', { ctrlKey: true, code: 'BracketLeft' }))?.tag).toBe('s');
    expect(toolForKey(press('k', { ctrlKey: true }))?.tag).toBe('qr');
    expect(toolForKey(press('K', { ctrlKey: true, shiftKey: true }))?.tag).toBe('pdf417');
    expect(toolForKey(press('Enter', { shiftKey: true }))?.tag).toBe('br');
  });

  it('leaves plain typing, AltGr characters and printing alone', () => {
    expect(toolForKey(press('b'))).toBeUndefined();
    expect(toolForKey(press('e', { ctrlKey: true, altKey: true }))).toBeUndefined();
    expect(toolForKey(press('Enter', { ctrlKey: true }))).toBeUndefined();
    expect(matchesShortcut(press('Enter', { ctrlKey: true }), PRINT_SHORTCUT)).toBe(true);
  });

  it('has one distinct combination per tag, every tag of the language covered', () => {
    expect(TAG_TOOLS.map((entry) => entry.tag).sort()).toEqual(['b', 'br', 'center', 'left', 'pdf417', 'qr', 's', 'w']);
    expect(new Set(TAG_TOOLS.map((entry) => entry.shortcut.aria)).size).toBe(TAG_TOOLS.length);
  });

  it('spells shortcuts for people', () => {
    expect(shortcutLabel(tool('pdf417').shortcut, false)).toBe('Ctrl+Shift+K');
    expect(shortcutLabel(tool('w').shortcut, true)).toBe('⌘]');
    expect(shortcutLabel(tool('br').shortcut, false)).toBe('Shift+Enter');
  });
});
