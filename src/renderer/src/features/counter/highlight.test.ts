import { describe, expect, it } from 'vitest';
import { highlightSegments, type Segment } from './highlight';

function describeSegments(content: string, segments: Segment[]): string[] {
  return segments.map(
    (segment) =>
      `${segment.kind}${segment.tag === undefined ? '' : `:${segment.tag}`}${segment.problem === undefined ? '' : `!${segment.problem}`} ${content.slice(segment.start, segment.end)}`,
  );
}

describe('editor highlighting', () => {
  it('covers the content exactly once, in order', () => {
    const content = 'a{b}bc{/b}{{date}}{br}';
    const segments = highlightSegments(content, []);
    expect(segments.map((segment) => content.slice(segment.start, segment.end)).join('')).toBe(content);
    expect(describeSegments(content, segments)).toEqual(['text a', 'tag:b {b}', 'text bc', 'tag:b {/b}', 'placeholder {{date}}', 'tag:br {br}']);
  });

  it('does not colour unknown tags as tags', () => {
    expect(describeSegments('{bold}x', highlightSegments('{bold}x', []))).toEqual(['text {bold}x']);
  });

  it('underlines problem ranges, splitting tokens where a problem starts or ends', () => {
    const content = 'ab{b}cd';
    const segments = highlightSegments(content, [{ start: 1, end: 4, severity: 'warning' }]);
    expect(describeSegments(content, segments)).toEqual(['text a', 'text!warning b', 'tag:b!warning {b', 'tag:b }', 'text cd']);
  });

  it('lets an error win over a warning where they overlap', () => {
    const content = 'abcdef';
    const segments = highlightSegments(content, [
      { start: 0, end: 4, severity: 'warning' },
      { start: 2, end: 6, severity: 'error' },
    ]);
    expect(describeSegments(content, segments)).toEqual(['text!warning ab', 'text!error cdef']);
  });

  it('ignores empty and out-of-range problems', () => {
    const segments = highlightSegments('abc', [
      { start: 2, end: 2, severity: 'error' },
      { start: 10, end: 20, severity: 'error' },
    ]);
    expect(segments).toEqual([{ start: 0, end: 3, kind: 'text' }]);
  });

  it('stays fast with a problem on every character', () => {
    const content = '{'.repeat(4096);
    const marks = Array.from({ length: 4096 }, (_, index) => ({ start: index, end: index + 1, severity: 'warning' as const }));
    const started = performance.now();
    const segments = highlightSegments(content, marks);
    expect(performance.now() - started).toBeLessThan(200);
    expect(segments.length).toBe(1);
  });
});
