/**
 * Public docs leave out private operations (`x-private: true`, internal to the hub's own apps and tools); the
 * private docs page holds only them. Both are cut from the same bundle, so that each stays a valid document.
 */
type Json = Record<string, any>;

export type Audience = 'public' | 'private';

const methods = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);

const isPrivate = (operation: Json) => operation?.['x-private'] === true;

/** A copy of the document with only the operations for that audience; path items left empty are dropped. */
export function forAudience(doc: Json, audience: Audience): Json {
  const paths: Json = {};
  for (const [name, item] of Object.entries<Json>(doc.paths ?? {})) {
    const kept = Object.entries(item).filter(([key, operation]) => !methods.has(key) || isPrivate(operation) === (audience === 'private'));
    if (kept.some(([key]) => methods.has(key))) paths[name] = Object.fromEntries(kept);
  }
  const used = new Set(Object.values(paths).flatMap((item) => Object.values<Json>(item).flatMap((operation) => operation?.tags ?? [])));
  const copy: Json = { ...doc, paths, tags: (doc.tags ?? []).filter((tag: Json) => used.has(tag.name)) };
  if (audience === 'private') {
    copy.info = {
      ...doc.info,
      title: `${doc.info.title}: private operations`,
      description:
        'Private operations (x-private): internal calls the hub serves for its own apps and tools. They are not ' +
        'part of the public API and may change without notice.',
    };
  }
  return copy;
}

export const operationCount = (doc: Json): number =>
  Object.values<Json>(doc.paths ?? {}).reduce((count, item) => count + Object.keys(item).filter((key) => methods.has(key)).length, 0);
