import { writeFileSync } from 'node:fs';
import { PNG } from 'pngjs';

/** Draws resources/icon.png (a receipt on the brand blue), so the icon is reproducible from source. */
const SIZE = 512;
const png = new PNG({ width: SIZE, height: SIZE });
const BLUE = [10, 107, 255];
const INK = [29, 35, 48];
const PAPER = [255, 255, 255];

function inRoundedSquare(x: number, y: number, inset: number, radius: number): boolean {
  const min = inset;
  const max = SIZE - inset;
  if (x < min || x >= max || y < min || y >= max) return false;
  const cx = Math.min(Math.max(x, min + radius), max - radius);
  const cy = Math.min(Math.max(y, min + radius), max - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

for (let y = 0; y < SIZE; y++) {
  for (let x = 0; x < SIZE; x++) {
    let colour: number[] | undefined;
    let alpha = 0;
    if (inRoundedSquare(x, y, 24, 96)) {
      colour = BLUE;
      alpha = 255;
      // The receipt: a paper strip with a zigzag tear at the bottom and printed lines.
      const left = 150;
      const right = 362;
      const tooth = 16;
      const tear = 410 - Math.abs(((x - left) % (2 * tooth)) - tooth);
      if (x >= left && x < right && y >= 96 && y < tear) {
        colour = PAPER;
        const printed = [150, 196, 236, 276, 330].some(
          (line, index) => y >= line && y < line + 14 && x >= left + 28 && x < right - (index === 0 ? 28 : index === 4 ? 28 : 60 + index * 12),
        );
        if (printed) colour = INK;
      }
    }
    const offset = (y * SIZE + x) * 4;
    png.data[offset] = colour?.[0] ?? 0;
    png.data[offset + 1] = colour?.[1] ?? 0;
    png.data[offset + 2] = colour?.[2] ?? 0;
    png.data[offset + 3] = alpha;
  }
}
writeFileSync('resources/icon.png', PNG.sync.write(png));
console.log('wrote resources/icon.png');
