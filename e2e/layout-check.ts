import type { Page } from '@playwright/test';

/** One element that scrolls sideways or cuts its content, as a person would notice it. */
export interface LayoutProblem {
  kind: 'sideways-scroll' | 'clipped';
  /** tag#id.class[data-testid] of the element, and the start of its text. */
  where: string;
  overflowPx: number;
}

/**
 * Finds, among the visible elements, every box that scrolls sideways and every box whose content is cut
 * at its edge without an ellipsis. A cut with an ellipsis counts too unless the full text is in its
 * `title` (the person can read it). Form fields (their text scrolls inside them by nature) and the
 * elements marked `data-scrolls-sideways` (a paper roll or a wide code box meant to scroll) are left out.
 */
export async function layoutProblems(page: Page): Promise<LayoutProblem[]> {
  return page.evaluate(() => {
    const problems: { kind: 'sideways-scroll' | 'clipped'; where: string; overflowPx: number }[] = [];
    const describe = (element: Element): string => {
      const testId = element.getAttribute('data-testid');
      const className = typeof element.className === 'string' && element.className !== '' ? `.${element.className.split(/\s+/).join('.')}` : '';
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${element.tagName.toLowerCase()}${element.id === '' ? '' : `#${element.id}`}${className}${testId === null ? '' : `[${testId}]`} "${text}"`;
    };
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      if (!(element instanceof HTMLElement)) continue;
      if (['INPUT', 'TEXTAREA', 'SELECT', 'OPTION', 'SCRIPT', 'STYLE'].includes(element.tagName)) continue;
      if (element.closest('[data-scrolls-sideways], [hidden], details:not([open]) > :not(summary)') !== null) continue;
      const rect = element.getBoundingClientRect();
      // Screen-reader-only text (a 1 px box, `.visually-hidden`) is not seen.
      if (rect.width <= 1 || rect.height <= 1) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'contents') continue;
      const overflow = element.scrollWidth - element.clientWidth;
      if (overflow <= 1) continue;
      if (style.overflowX === 'auto' || style.overflowX === 'scroll') {
        problems.push({ kind: 'sideways-scroll', where: describe(element), overflowPx: overflow });
      } else if (style.overflowX === 'hidden' || style.overflowX === 'clip') {
        const fullTextInTitle = style.textOverflow === 'ellipsis' && (element.title !== '' || element.closest('[title]') !== null);
        if (!fullTextInTitle) problems.push({ kind: 'clipped', where: describe(element), overflowPx: overflow });
      }
    }
    return problems;
  });
}
