/**
 * Custom contents lately found printable, so the same receipt sent again is not parsed again. Checking custom
 * content is a pure function of its text, so nothing ever invalidates an entry; a point of sale or a test suite
 * often sends one receipt many times. Only printable texts are kept (a refused one is checked afresh and its
 * errors reported in full), only short ones, and only a few, the oldest dropped first.
 */
export class PrintableMemo {
  private readonly known = new Set<string>();

  constructor(
    private readonly capacity = 64,
    private readonly maxChars = 4096,
  ) {}

  has(content: string): boolean {
    return this.known.has(content);
  }

  remember(content: string): void {
    if (content.length > this.maxChars || this.known.has(content)) return;
    if (this.known.size >= this.capacity) {
      const oldest = this.known.values().next();
      if (oldest.done !== true) this.known.delete(oldest.value);
    }
    this.known.add(content);
  }

  get size(): number {
    return this.known.size;
  }
}
