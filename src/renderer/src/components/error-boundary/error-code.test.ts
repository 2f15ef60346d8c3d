import { describe, expect, it } from 'vitest';
import { errorCodeOf } from './ErrorBoundary';

describe('the error boundary’s code', () => {
  it('shows the error’s own code when it has a readable one, render_error otherwise', () => {
    expect(errorCodeOf(Object.assign(new Error('bad'), { code: 'dte_unreadable' }))).toBe('dte_unreadable');
    expect(errorCodeOf(new TypeError('x is undefined'))).toBe('render_error');
    expect(errorCodeOf({ code: '<script>' })).toBe('render_error');
    expect(errorCodeOf('thrown text')).toBe('render_error');
  });
});
