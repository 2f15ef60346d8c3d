import { describe, expect, it } from 'vitest';
import { LONG_PICTURE_DOTS, longPictureCm } from './long-picture';

describe('long picture', () => {
  it('warns past 30 cm of paper and names the length in whole centimetres', () => {
    expect(LONG_PICTURE_DOTS).toBe(2400);
    expect(longPictureCm(2400)).toBeUndefined();
    expect(longPictureCm(2401)).toBe(30);
    expect(longPictureCm(5760)).toBe(72);
  });
});
