/**
 * npm run generate: bundles every API of openapi/ into generated/, types it with openapi-typescript, writes its
 * operation manifest, and joins each group (the hub's managers) into one bundle for docs, mocks and validation.
 * `--check` writes nothing and fails when generated/ differs from what the contract makes (the drift check).
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { bundle, loadConfig } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import { isDeepStrictEqual } from 'node:util';
import { listApis, listGroups, root, type ApiSource } from './apis.js';
import { buildManifest, manifestModule, operationDocs } from './manifest.js';

type Json = Record<string, any>;

const readme = `# generated/

Everything here is made by \`npm run generate\` (scripts/generate.ts) from the contract in openapi/. Do not edit:
change the YAML and regenerate. \`npm test\` fails when these files differ from what the contract makes.

- \`<group>/<api>.openapi.json\`: one API bundled into a single document (servers validate against it).
- \`<group>/<api>.ts\`: its types (openapi-typescript: \`paths\`, \`components\`, \`operations\`).
- \`<group>/<api>.operations.ts\`: its operation manifest, the route table the dispatcher and the client use, each
  operation with its summary (and description) as a doc comment, which the client's methods show.
- \`<group>.openapi.json\`: every API of the group joined, operationIds prefixed by the manager id (docs, mocks).
- \`<group>/index.ts\`: the group's manifests and types by manager id, and its item types' schemas
  (\`x-item-type\`) by realtime item type (\`HubItemSchemas\`: what the hub's typed item store is made from).
- \`support.openapi.json\`, \`support.ts\`, \`support.operations.ts\`: a group of one API (the support back end) has
  its files at the top, and no joined bundle.
`;

async function bundleApi(api: ApiSource, config: Awaited<ReturnType<typeof loadConfig>>): Promise<Json> {
  const result = await bundle({ ref: path.join(root, api.source), config, dereference: false, removeUnusedComponents: true });
  const errors = result.problems.filter((problem) => problem.severity === 'error');
  if (errors.length) throw new Error(`${api.source}: ${errors.map((e) => e.message).join('; ')}`);
  return result.bundle.parsed as Json;
}

/** The path of a document's first server URL (`/store` of http://127.0.0.1:4861/store), '' for a host's root or a templated URL. */
function mountPath(doc: Json): string {
  const url = doc.servers?.[0]?.url;
  if (typeof url !== 'string' || url.includes('{')) return '';
  return new URL(url).pathname.replace(/\/+$/, '');
}

/** Joins the managers of a group; operationIds become `<manager>.<operationId>`, components must not clash. */
function join(group: string, docs: Array<[ApiSource, Json]>): Json {
  const joined: Json = {
    openapi: '3.1.0',
    info: {
      title: group === 'hub' ? 'Hub API' : `${group} API`,
      version: docs[0]?.[1].info.version ?? '1.0.0',
      description: `Every ${group} API in one document. Operation ids are prefixed with their manager id.`,
    },
    servers: docs[0]?.[1].servers,
    tags: [],
    paths: {},
    components: {},
  };
  for (const [api, doc] of docs) {
    joined.tags.push(...(doc.tags ?? []));
    // A service answering under a base path of the shared host (a cloud service's /setup) keeps its paths under it.
    const base = mountPath(doc);
    for (const [ownPath, pathItem] of Object.entries<Json>(doc.paths)) {
      const pathName = base && ownPath === '/' ? base : `${base}${ownPath}`;
      if (joined.paths[pathName]) throw new Error(`${api.source}: path ${pathName} is also in another API`);
      const copy: Json = structuredClone(pathItem);
      for (const operation of Object.values<Json>(copy)) {
        if (operation?.operationId) {
          operation.operationId = `${api.id}.${operation.operationId}`;
          operation.security ??= doc.security;
        }
      }
      joined.paths[pathName] = copy;
    }
    for (const [section, entries] of Object.entries<Json>(doc.components ?? {})) {
      const target = (joined.components[section] ??= {});
      for (const [name, value] of Object.entries(entries)) {
        if (target[name] && !isDeepStrictEqual(target[name], value)) {
          throw new Error(`${api.source}: components.${section}.${name} differs from another API's; rename one`);
        }
        target[name] = value;
      }
    }
  }
  return joined;
}

/**
 * `<group>/index.ts`. Beside the manifests and types, the group's item types (the schemas marked `x-item-type`) as
 * one interface from realtime item type to its schema's type: what the hub's typed item store is made from.
 */
function indexModule(group: string, apis: Array<[ApiSource, Record<string, string>]>): string {
  const variable = (api: ApiSource) => api.id.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
  const Group = `${group[0]!.toUpperCase()}${group.slice(1)}`;
  const items = apis.flatMap(([api, itemTypes]) =>
    Object.entries(itemTypes).map(([schema, type]) => `  '${type}': ${variable(api)}Types.components['schemas']['${schema}'];`),
  );
  const comment = `/** Every ${group} item type's schema, by realtime item type (the schemas marked x-item-type). */`;
  const itemsInterface = items.length ? [``, comment, `export interface ${Group}ItemSchemas {`, ...items.sort(), `}`] : [];
  return [
    `// Generated by scripts/generate.ts. Do not edit.`,
    ...apis.map(([api]) => `import * as ${variable(api)} from './${api.id}.operations.js';`),
    ...apis.map(([api]) => `import type * as ${variable(api)}Types from './${api.id}.js';`),
    ``,
    `/** Every ${group} API's manifest, keyed by manager id. */`,
    `export const ${group}Apis = {`,
    ...apis.map(([api]) => `  '${api.id}': ${variable(api)},`),
    `} as const;`,
    ``,
    `export type ${Group}ApiId = keyof typeof ${group}Apis;`,
    ``,
    `/** Every ${group} API's generated types (openapi-typescript), keyed by manager id. */`,
    `export interface ${Group}Types {`,
    ...apis.map(([api]) => `  '${api.id}': { operations: ${variable(api)}Types.operations; components: ${variable(api)}Types.components };`),
    `}`,
    ...itemsInterface,
    ``,
  ].join('\n');
}

/** The group's bundles by manager id, for the servers only (the client imports index.ts, never these documents). */
function bundlesModule(group: string, apis: ApiSource[]): string {
  const variable = (api: ApiSource) => api.id.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
  return [
    `// Generated by scripts/generate.ts. Do not edit.`,
    ...apis.map((api) => `import ${variable(api)} from './${api.id}.openapi.json' with { type: 'json' };`),
    ``,
    `/** Every ${group} API's bundled document, keyed by manager id: what each API's request validator is built over. */`,
    `export const ${group}Bundles: Readonly<Record<string, object>> = {`,
    ...apis.map((api) => `  '${api.id}': ${variable(api)},`),
    `};`,
    ``,
  ].join('\n');
}

async function generate(): Promise<Map<string, string>> {
  const config = await loadConfig({ configPath: path.join(root, 'redocly.yaml') });
  const apis = listApis();
  const files = new Map<string, string>([
    ['README.md', readme],
    // A copy, not a re-export: the client library ships generated/ without scripts/.
    ['manifest.ts', `// Generated by scripts/generate.ts from scripts/manifest-types.ts. Do not edit.\n${readFileSync(path.join(root, 'scripts/manifest-types.ts'), 'utf8')}`],
  ]);
  const docs: Array<[ApiSource, Json, Record<string, string>]> = [];
  for (const api of apis) {
    const doc = await bundleApi(api, config);
    const manifest = buildManifest(doc, api.id);
    docs.push([api, doc, manifest.manager.itemTypes]);
    files.set(`${api.name}.openapi.json`, JSON.stringify(doc, null, 2) + '\n');
    // The bundled document is plain JSON; openapi-typescript's OpenAPI3 type describes the same shape.
    const types = astToString(await openapiTS(doc as never, { alphabetize: true }));
    files.set(`${api.name}.ts`, `// Generated by scripts/generate.ts from ${api.source}. Do not edit.\n${types}`);
    files.set(`${api.name}.operations.ts`, manifestModule(api.source, manifest, api.name.includes('/') ? '../manifest.js' : './manifest.js', operationDocs(doc)));
  }
  for (const group of listGroups(apis)) {
    const members = docs.filter(([api]) => api.group === group);
    files.set(`${group}.openapi.json`, JSON.stringify(join(group, members.map(([api, doc]) => [api, doc])), null, 2) + '\n');
    files.set(`${group}/index.ts`, indexModule(group, members.map(([api, , itemTypes]) => [api, itemTypes])));
    files.set(`${group}/bundles.ts`, bundlesModule(group, members.map(([api]) => api)));
  }
  return files;
}

function listGenerated(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listGenerated(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

const out = path.join(root, 'generated');
const files = await generate();
if (process.argv.includes('--check')) {
  const stale = [...files].filter(([name, text]) => !existsSync(path.join(out, name)) || readFileSync(path.join(out, name), 'utf8') !== text);
  const extra = listGenerated(out).filter((name) => !files.has(name));
  if (stale.length || extra.length) {
    console.error(`generated/ is out of date with openapi/ (run npm run generate and commit):`);
    for (const [name] of stale) console.error(`  changed: generated/${name}`);
    for (const name of extra) console.error(`  not generated: generated/${name}`);
    process.exit(1);
  }
  console.log(`generated/ matches the contract (${files.size} files).`);
} else {
  for (const [name, text] of files) {
    mkdirSync(path.dirname(path.join(out, name)), { recursive: true });
    writeFileSync(path.join(out, name), text);
  }
  console.log(`Generated ${files.size} files in generated/.`);
}
