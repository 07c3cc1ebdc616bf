/**
 * Turns a bundled OpenAPI document into its operation manifest: for each operationId, what the dispatcher, the
 * router and the client need to know (method, path, scopes, arguments, crud kind), as plain data.
 */
type Json = Record<string, any>;


const methods = ['get', 'put', 'post', 'delete', 'patch'] as const;

function resolve(doc: Json, node: Json): Json {
  let current = node;
  while (current && typeof current.$ref === 'string') {
    const parts = current.$ref.replace(/^#\//, '').split('/').map((p: string) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    current = parts.reduce((at: Json, key: string) => at?.[key], doc);
  }
  return current;
}

/** The JSON types a schema allows (integer counts as number; a oneOf/anyOf allows each branch's), or undefined for any. */
function typesOf(doc: Json, node: Json | undefined): string[] | undefined {
  const schema = resolve(doc, node ?? {});
  if (schema.type) return [...new Set<string>([schema.type].flat().map((type: string) => (type === 'integer' ? 'number' : type)))];
  const branches: Json[] | undefined = schema.oneOf ?? schema.anyOf;
  const types = branches?.map((branch) => typesOf(doc, branch));
  return types?.every(Boolean) ? [...new Set(types.flatMap((t) => t!))] : undefined;
}

/** The schema of a request body: JSON, or a form (the cloud's OAuth2 endpoints, sign-in page and avatar upload). */
const bodySchemaOf = (requestBody: Json | undefined): Json | undefined => {
  const content = requestBody?.content;
  return (content?.['application/json'] ?? content?.['application/x-www-form-urlencoded'] ?? content?.['multipart/form-data'])?.schema;
};

/** A multipart form (an upload) that the kernel's router reads: the body of an operation that takes no JSON or plain form. */
const isMultipart = (requestBody: Json | undefined): boolean => {
  const content = requestBody?.content;
  return !content?.['application/json'] && !content?.['application/x-www-form-urlencoded'] && Boolean(content?.['multipart/form-data']);
};

/** Every named argument with where it travels, whether it is required and its JSON types. */
function argSpecs(doc: Json, operation: Json, parameters: Json[], body: Json | null): Json[] {
  const args: Json[] = parameters.map((p) => {
    const pattern = p.in === 'path' ? resolve(doc, p.schema ?? {}).pattern : undefined;
    return { name: p.name, in: p.in, required: p.required === true, types: typesOf(doc, p.schema), ...(pattern ? { pattern } : {}) };
  });
  const schema = resolve(doc, bodySchemaOf(resolve(doc, operation.requestBody ?? {})) ?? {});
  if (body?.kind === 'root') args.push({ name: body.name, in: 'body', required: body.required, types: typesOf(doc, schema) });
  for (const name of body?.kind === 'fields' ? body.names : []) {
    const required = (schema.required ?? []).includes(name);
    args.push({ name, in: 'body', required, types: typesOf(doc, schema.properties?.[name]) });
  }
  return args.map(({ types, ...arg }) => (types ? { ...arg, types } : arg));
}

function bodyArgs(doc: Json, operation: Json): Json | null {
  const requestBody = operation.requestBody && resolve(doc, operation.requestBody);
  if (!requestBody) return null;
  const required = requestBody.required === true;
  const name = operation['x-body-name'];
  if (typeof name === 'string') return { kind: 'root', name, required };
  const schema = resolve(doc, bodySchemaOf(requestBody) ?? {});
  const names = Object.keys(schema.properties ?? {});
  if (schema.type !== 'object' || !schema.properties) {
    throw new Error(`${operation.operationId}: a request body that is not an object of named fields needs x-body-name`);
  }
  return isMultipart(requestBody) ? { kind: 'fields', names, required, media: 'multipart/form-data' } : { kind: 'fields', names, required };
}

export function buildManifest(doc: Json, managerId: string): { operations: Json; manager: Json } {
  const operations: Json = {};
  const itemTypes: Json = {};
  for (const [name, schema] of Object.entries<Json>(doc.components?.schemas ?? {})) {
    if (schema['x-item-type']) itemTypes[name] = schema['x-item-type'];
  }
  for (const [pathName, pathItem] of Object.entries<Json>(doc.paths ?? {})) {
    for (const method of methods) {
      const operation = pathItem[method];
      if (!operation) continue;
      const id = operation.operationId;
      if (operations[id]) throw new Error(`${managerId}: operationId ${id} is used twice`);
      const parameters = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map((p: Json) => resolve(doc, p));
      const security: Json[] = operation.security ?? doc.security ?? [];
      if (security.length > 1) throw new Error(`${managerId}.${id}: name one security requirement, not alternatives`);
      const crud = operation['x-crud'];
      if (crud && !itemTypes[crud.item]) throw new Error(`${managerId}.${id}: x-crud item ${crud.item} has no x-item-type schema`);
      const statuses = Object.keys(operation.responses ?? {});
      const body = bodyArgs(doc, operation);
      const params = parameters.filter((p) => p.in === 'path' || p.in === 'query' || p.in === 'header');
      const answers = Object.keys(resolve(doc, operation.responses?.['200'] ?? {}).content ?? {});
      const media = answers.length > 0 && !answers.includes('application/json') ? answers[0] : undefined;
      operations[id] = {
        method,
        path: pathName,
        auth: security.length === 0 ? 'none' : 'token',
        scopes: security.flatMap((requirement) => Object.values<string[]>(requirement).flat()),
        private: operation['x-private'] === true,
        crud: crud ? { kind: crud.kind, item: crud.item, type: itemTypes[crud.item] } : null,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        body,
        args: argSpecs(doc, operation, params, body),
        status: statuses.includes('200') ? 200 : 204,
        ...(media ? { media } : {}),
      };
    }
  }
  return { operations, manager: { id: managerId, uri: `homey:manager:${managerId}`, itemTypes } };
}

/** Each operation's summary, with its description below when it has one: the client's methods show it as their doc comment. */
export function operationDocs(doc: Json): Record<string, string> {
  const docs: Record<string, string> = {};
  for (const pathItem of Object.values<Json>(doc.paths ?? {})) {
    for (const method of methods) {
      const operation = pathItem[method];
      if (operation?.operationId) docs[operation.operationId] = [operation.summary, operation.description].filter(Boolean).join('\n\n').trim();
    }
  }
  return docs;
}

/** A JSDoc block (one line when the text is), safe for any text: a `*\/` inside cannot end it. */
function docComment(text: string | undefined): string {
  if (!text) return '';
  const lines = text.replace(/\*\//g, '*\\/').split('\n').map((line) => line.trimEnd());
  if (lines.length === 1) return `  /** ${lines[0]} */\n`;
  return `  /**\n${lines.map((line) => (line ? `   * ${line}` : '   *')).join('\n')}\n   */\n`;
}

/**
 * The manifest as a module; `manifestImport` is generated/manifest.ts as seen from where the module is written.
 * Each operation carries its `docs` as a doc comment, which the client's methods, mapped from these keys, show.
 */
export function manifestModule(source: string, result: { operations: Json; manager: Json }, manifestImport = '../manifest.js', docs: Record<string, string> = {}): string {
  return `// Generated by scripts/generate.ts from ${source}. Do not edit.
import type { ManagerSpec, OperationSpec } from '${manifestImport}';

export const manager = ${JSON.stringify(result.manager)} as const satisfies ManagerSpec;

export const operations = {
${Object.entries(result.operations).map(([id, spec]) => `${docComment(docs[id])}  ${id}: ${JSON.stringify(spec)},`).join('\n')}
} as const satisfies Record<string, OperationSpec>;
`;
}
