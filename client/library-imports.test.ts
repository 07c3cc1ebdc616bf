import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { CLIENT_DEPENDENCIES, CLIENT_OPTIONAL_PEERS } from '../scripts/build-client.js';

/**
 * The client library is published without the servers: what its modules import, followed to the end, stays in
 * client/ and generated/'s types and route tables, plus the npm packages it names as its own.
 */
const root = path.resolve(__dirname, '..');
const LIBRARY = path.join(root, 'client');
const GENERATED = path.join(root, 'generated');
/** The npm packages the published client names (scripts/build-client.ts); bonjour-service is loaded in Node only (cloud/mdns.ts). */
const PACKAGES = new Set([...CLIENT_DEPENDENCIES, ...CLIENT_OPTIONAL_PEERS]);

const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const libraryFiles = (): string[] =>
  readdirSync(LIBRARY, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !isTest(file))
    .map((file) => path.join(LIBRARY, file));

/** Every module a file names: imports, re-exports, `import()` calls and `import('x')` types. */
function specifiers(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      found.push(node.arguments[0].text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Walks the import graph from the library's files; answers every module outside the allowed places, with who imports it. */
function importsOutside(entries: string[]): string[] {
  const seen = new Set<string>();
  const outside: string[] = [];
  const queue = [...entries];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of specifiers(file)) {
      const from = path.relative(root, file);
      if (!specifier.startsWith('.')) {
        const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
        if (!PACKAGES.has(name)) outside.push(`${from} -> ${specifier}`);
        continue;
      }
      const target = path.resolve(path.dirname(file), specifier).replace(/\.js$/, '.ts');
      const inLibrary = target.startsWith(LIBRARY + path.sep) || target.startsWith(GENERATED + path.sep);
      // A bundled contract is the servers' validation input, not something the library needs.
      if (!inLibrary || target.endsWith('.openapi.json')) outside.push(`${from} -> ${path.relative(root, target)}`);
      else queue.push(target);
    }
  }
  return outside;
}

describe('the client library ships on its own', () => {
  it('when its modules are followed import by import, then none leads to server/, scripts/, a bundled contract or a foreign package', () => {
    expect(importsOutside(libraryFiles())).toEqual([]);
  });

  it('when a module imports a server or a script, then the walk reports it', () => {
    const fixture = path.join(root, 'server/cloud/account/oauth/testing.ts');
    expect(importsOutside([fixture])).toContain('server/cloud/account/oauth/testing.ts -> server/cloud/account/testing/test-account.ts');
  });
});
