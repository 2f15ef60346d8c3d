import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * Windows and macOS file systems ignore letter case by default: two tracked paths that differ only in
 * case check out as one file there, and whichever is written last silently replaces the other.
 */
function trackedPaths(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter((path) => path !== '');
}

/**
 * An import names a module without its extension (`./paper`), so `Paper.tsx` and `paper.ts` are one
 * module there: the resolver may pick either. Compared without these extensions.
 */
const MODULE_EXTENSION = /\.(d\.ts|ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

/**
 * Every path, every folder on the way to it, and every module specifier, grouped by its lower-cased
 * form; a group with two or more spellings collides.
 */
function caseCollisions(paths: readonly string[]): string[][] {
  const spellings = new Map<string, Set<string>>();
  const remember = (key: string, spelling: string): void => {
    const known = spellings.get(key) ?? new Set<string>();
    known.add(spelling);
    spellings.set(key, known);
  };
  for (const path of paths) {
    const segments = path.split('/');
    for (let length = 1; length <= segments.length; length++) {
      const prefix = segments.slice(0, length).join('/');
      remember(prefix.toLowerCase(), prefix);
    }
    const specifier = path.replace(MODULE_EXTENSION, '');
    if (specifier !== path) remember(`module:${specifier.toLowerCase()}`, path);
  }
  const groups = [...spellings.entries()].filter(([key, group]) => group.size > 1 && (key.startsWith('module:') ? namesDistinctFiles(group) : true));
  return groups.map(([, group]) => [...group].sort());
}

/** Modules whose paths already collide as files (Paper.ts, paper.ts) are reported once, as files. */
function namesDistinctFiles(group: Set<string>): boolean {
  return new Set([...group].map((path) => path.toLowerCase())).size > 1;
}

describe('tracked paths on case-insensitive file systems', () => {
  it('finds files and folders that differ only in letter case', () => {
    expect(caseCollisions(['src/a/Paper.tsx', 'src/a/paper.tsx', 'Docs/x.md', 'docs/y.md', 'README.md', 'readme.txt'])).toEqual([
      ['src/a/Paper.tsx', 'src/a/paper.tsx'],
      ['Docs', 'docs'],
    ]);
  });

  it('finds modules an extensionless import cannot tell apart', () => {
    expect(caseCollisions(['src/a/Paper.tsx', 'src/a/paper.ts', 'src/a/paper.css', 'src/b/Paper.tsx'])).toEqual([['src/a/Paper.tsx', 'src/a/paper.ts']]);
  });

  it('has no two tracked paths equal except for letter case', () => {
    const collisions = caseCollisions(trackedPaths()).map((group) => group.join('  <->  '));
    expect(collisions, `rename one of each pair:\n${collisions.join('\n')}`).toEqual([]);
  });
});
