import { describe, expect, it } from 'vitest';
import { nextToolIndex } from './toolbar-keys';

describe('toolbar keys', () => {
  it('moves along the row with the arrows, wrapping at the ends; Home and End jump; other keys are not the toolbar’s', () => {
    expect(nextToolIndex('ArrowRight', 0, 9)).toBe(1);
    expect(nextToolIndex('ArrowRight', 8, 9)).toBe(0);
    expect(nextToolIndex('ArrowLeft', 0, 9)).toBe(8);
    expect(nextToolIndex('Home', 5, 9)).toBe(0);
    expect(nextToolIndex('End', 2, 9)).toBe(8);
    expect(nextToolIndex('ArrowDown', 2, 9)).toBeUndefined();
    expect(nextToolIndex('Tab', 2, 9)).toBeUndefined();
  });
});
