import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The shape the code keeps so a newcomer can read any function on a screen or two: no function over
 * 120 lines in the core and the sandbox, no React component over 150, and the composition root only
 * wires. Measured on the TypeScript syntax tree (a function's lines from its first to its last token).
 */
const ROOT = join(import.meta.dirname, '..');
const FUNCTION_LIMIT = 120;
const COMPONENT_LIMIT = 150;
const COMPOSITION_ROOT_LIMIT = 150;

/**
 * Functions allowed over their limit until they are split (none now); the test fails when a listed one
 * grows or an unlisted one appears, and when a listed one has been split but is still listed.
 */
const KNOWN_LONG: Readonly<Record<string, number>> = {};

function sources(directory: string, pattern: RegExp): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) found.push(...sources(path, pattern));
    else if (pattern.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) found.push(path);
  }
  return found;
}

interface Measured {
  readonly name: string;
  readonly lines: number;
}

function functionName(node: ts.Node): string {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name !== undefined) return node.name.getText();
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) return parent.name.getText();
  return '(anonymous)';
}

/** Every function in a file with its length in lines. */
function measure(file: string): Measured[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Measured[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ name: functionName(node), lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** `path#name` of every function longer than `limit` under the given folders. */
function overLimit(folders: readonly string[], pattern: RegExp, limit: number, isCandidate: (measured: Measured) => boolean = () => true): Map<string, number> {
  const long = new Map<string, number>();
  for (const folder of folders)
    for (const file of sources(join(ROOT, folder), pattern))
      for (const measured of measure(file))
        if (measured.lines > limit && isCandidate(measured)) long.set(`${relative(ROOT, file)}#${measured.name}`, measured.lines);
  return long;
}

function unexpected(found: Map<string, number>): string[] {
  return [...found].filter(([key, lines]) => KNOWN_LONG[key] === undefined || lines > KNOWN_LONG[key]).map(([key, lines]) => `${key}: ${lines} lines`);
}

describe('code shape', () => {
  const core = overLimit(['src/main/core', 'src/sandbox'], /\.ts$/, FUNCTION_LIMIT);
  const components = overLimit(['src/renderer/src'], /\.tsx$/, COMPONENT_LIMIT, (measured) => /^[A-Z]/.test(measured.name));

  it(`has no function over ${FUNCTION_LIMIT} lines in the core and the sandbox`, () => {
    expect(unexpected(core)).toEqual([]);
  });

  it(`has no React component over ${COMPONENT_LIMIT} lines`, () => {
    expect(unexpected(components)).toEqual([]);
  });

  it('lists no function as long that has been split already', () => {
    const stillLong = new Set([...core.keys(), ...components.keys()]);
    expect(Object.keys(KNOWN_LONG).filter((key) => key.includes('#') && !stillLong.has(key))).toEqual([]);
  });

  it(`keeps the composition root to wiring: app-core.ts is at most ${COMPOSITION_ROOT_LIMIT} lines`, () => {
    const lines = readFileSync(join(ROOT, 'src/main/core/app-core.ts'), 'utf8').trimEnd().split('\n').length;
    expect(lines).toBeLessThanOrEqual(KNOWN_LONG['src/main/core/app-core.ts'] ?? COMPOSITION_ROOT_LIMIT);
  });
});
