/**
 * The clock check (issue 17, item 3): product code reads the time through a clock — the hub's or a service's
 * (server/http/clock.ts), the client's (client/clock.ts) — so that a test's FakeClock moves every time-based rule.
 * This finds the reads of the machine's time anywhere else: `Date.now` (called or handed on), `new Date()` without
 * an argument, and `Date()`. Code that wants the machine's time on purpose says so with `systemClock`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Where product code lives; tests (end-to-end scripts too), test helpers and benchmarks are not product code. */
export const PRODUCT_FOLDERS = ['server', 'client', 'form/src', 'scripts'];
const NOT_PRODUCT = /[.-](test|e2e)\.tsx?$|\.d\.ts$|(^|\/)testing(\/|\.ts$)|^scripts\/bench/;

/** The clock modules: the only places that read the machine's time. */
export const CLOCK_MODULES = ['server/http/clock.ts', 'client/clock.ts'];

export interface MachineTimeRead {
  file: string;
  line: number;
  code: string;
}

/** A cheap look at the text: true for every text with a read, and for a few more (in comments and strings). */
const MAYBE_READ = /Date\s*\.\s*now|new\s+Date\s*(?!\(\s*[^)\s])|(?<![\w.$]|\bnew\s+)Date\s*\(/;

const isDate = (node: ts.Node) => ts.isIdentifier(node) && node.text === 'Date';

/** The machine-time reads in one source text, with their 1-based line. */
export function machineTimeReads(source: string, file = 'source.ts'): MachineTimeRead[] {
  // Parsing is the slow part: only a text that looks like it reads the time is parsed.
  if (!MAYBE_READ.test(source)) return [];
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const reads: MachineTimeRead[] = [];
  const visit = (node: ts.Node) => {
    const read =
      (ts.isPropertyAccessExpression(node) && isDate(node.expression) && node.name.text === 'now') ||
      (ts.isNewExpression(node) && isDate(node.expression) && !node.arguments?.length) ||
      (ts.isCallExpression(node) && isDate(node.expression));
    if (read) {
      const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
      reads.push({ file, line: line + 1, code: node.getText(sourceFile) });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return reads;
}

/** The product source files under `root` (repository-relative, with forward slashes), clock modules excluded. */
export function productFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
      const relative = `${folder}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(relative);
      } else if (/\.tsx?$/.test(entry.name) && !NOT_PRODUCT.test(relative) && !CLOCK_MODULES.includes(relative)) files.push(relative);
    }
  };
  for (const folder of PRODUCT_FOLDERS) walk(folder);
  return files;
}

/** Every machine-time read in product code outside the clock modules. */
export function strayTimeReads(root: string): MachineTimeRead[] {
  return productFiles(root).flatMap((file) => machineTimeReads(readFileSync(path.join(root, file), 'utf8'), file));
}
