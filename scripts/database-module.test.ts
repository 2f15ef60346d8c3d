import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * `src/main/core/history` is the app's one local database module: the services (print queue, sales,
 * store, checkout…) import their records and tables from it, never the other way round. Every file under
 * it, its tests included, imports only from itself, `src/shared`, `core/ports.ts`, `core/errors.ts`,
 * Node's built-ins and packages.
 */
const ROOT = join(import.meta.dirname, '..');
const DATABASE = join(ROOT, 'src/main/core/history');
const ALLOWED_FILES = [join(ROOT, 'src/main/core/ports.ts'), join(ROOT, 'src/main/core/errors.ts')];
const ALLOWED_FOLDERS = [DATABASE, join(ROOT, 'src/shared')];

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every module a source names: static imports and re-exports, `import()`, `require()` and a script's `new URL(…, import.meta.url)`. */
function specifiers(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier !== undefined && ts.isStringLiteral(node.moduleSpecifier))
      found.push(node.moduleSpecifier.text);
    if (ts.isCallExpression(node) && (node.expression.kind === ts.SyntaxKind.ImportKeyword || node.expression.getText(source) === 'require')) {
      const [first] = node.arguments;
      if (first !== undefined && ts.isStringLiteral(first)) found.push(first.text);
    }
    // A script started as a child process (a data file such as the seeder's sample invoice is not code).
    if (ts.isNewExpression(node) && node.expression.getText(source) === 'URL' && node.arguments?.[1]?.getText(source) === 'import.meta.url') {
      const [first] = node.arguments;
      if (first !== undefined && ts.isStringLiteral(first) && /\.[cm]?[jt]sx?$/.test(first.text)) found.push(first.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The names in `file`'s source that reach outside the database module's allowed places. */
function forbiddenImports(file: string, text: string): string[] {
  return specifiers(file, text).filter((specifier) => {
    // A package or one of Node's built-ins: never a core area.
    if (!specifier.startsWith('.')) return false;
    const target = resolve(dirname(file), specifier);
    const withExtension = [target, `${target}.ts`, `${target}.tsx`];
    if (ALLOWED_FILES.some((allowed) => withExtension.includes(allowed))) return false;
    return !ALLOWED_FOLDERS.some((folder) => target === folder || target.startsWith(folder + sep));
  });
}

describe('the database module', () => {
  it('imports nothing from the services that use it (core/history: only itself, src/shared, core/ports.ts, core/errors.ts)', () => {
    const found = filesUnder(DATABASE).flatMap((file) =>
      forbiddenImports(file, readFileSync(file, 'utf8')).map((specifier) => `${relative(ROOT, file)}: ${specifier}`),
    );
    expect(found).toEqual([]);
  });

  it('refuses a service import, a test helper of another area and a dynamic import, and allows the shared roots', () => {
    const probe = join(DATABASE, 'probe.ts');
    const source = [
      "import type { JournalPrint } from '../print-queue/records';",
      "export { toSale } from '../sales/sale-store';",
      "import { temporaryDirectory } from '../../testing/harness';",
      "const store = await import('../store/records');",
      "const child = new URL('../checkout/child.ts', import.meta.url);",
      "const sample = new URL('../../../../resources/samples/dte-factura-33.xml', import.meta.url);",
      "import { z } from 'zod';",
      "import { join } from 'node:path';",
      "import { CounterError } from '../errors';",
      "import type { Logger } from '../ports';",
      "import type { CheckoutSale } from '../../../shared/ipc/channels/checkout';",
      "import { MARKERS } from './meta';",
      'export const all = [store, child, sample, z, join, CounterError, MARKERS];',
    ].join('\n');
    expect(forbiddenImports(probe, source)).toEqual([
      '../print-queue/records',
      '../sales/sale-store',
      '../../testing/harness',
      '../store/records',
      '../checkout/child.ts',
    ]);
  });
});
