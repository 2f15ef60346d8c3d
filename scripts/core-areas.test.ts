import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The core's areas (the folders of src/main/core) depend on each other in one direction only: an
 * import cycle between two areas means neither can be understood, tested or changed without the
 * other. Files at the core's top (the composition root, the ports, the error base) are not areas.
 */
const CORE = join(import.meta.dirname, '..', 'src', 'main', 'core');

function sources(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const areaOf = (file: string): string | undefined => {
  const parts = relative(CORE, file).split(sep);
  return parts.length > 1 && !parts[0]?.startsWith('..') ? parts[0] : undefined;
};

/** area → the areas its files import (tests aside: a test may bring another area's pieces together). */
export function areaGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sources(CORE)) {
    const from = areaOf(file);
    if (from === undefined) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const to = areaOf(resolve(dirname(file), specifier ?? ''));
      if (to !== undefined && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** The groups of two or more areas that import each other, directly or through others (Tarjan's strongly connected components). */
export function cycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const onStack = new Set<string>();
  const indices = new Map<string, number>();
  const lowest = new Map<string, number>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    indices.set(node, index);
    lowest.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        lowest.set(node, Math.min(lowest.get(node) ?? 0, lowest.get(next) ?? 0));
      } else if (onStack.has(next)) lowest.set(node, Math.min(lowest.get(node) ?? 0, indices.get(next) ?? 0));
    }
    if (lowest.get(node) !== indices.get(node)) return;
    const group: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      group.push(member);
      if (member === node) break;
    }
    if (group.length > 1) found.push(group.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!indices.has(node)) visit(node);
  return found;
}

describe('core areas', () => {
  it('finds a cycle where there is one', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c']]);
  });

  it('have no import cycle between them', () => {
    expect(cycles(areaGraph())).toEqual([]);
  });
});
