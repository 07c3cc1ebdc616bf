/**
 * How the hub expects URLs (PROTOCOL.md §2): path values keep their raw colons (`homey:device:D1`), and query
 * strings are serialised jQuery-style (`a[b]=v`, `a[]=1&a[]=2`), which Express's extended parser reads back.
 */

/** Fills `{name}` placeholders; each value is percent-encoded except its colons. */
export function serializePath(url: string, values: Record<string, unknown>): string {
  return url.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    values[name] === undefined ? placeholder : encodeURIComponent(String(values[name])).replace(/%3A/gi, ':'),
  );
}

/** Named query values as `jQuery.param` writes them; undefined values are left out, null is sent empty. */
export function serializeQuery(values: Record<string, unknown>): string {
  const pairs: string[] = [];
  const add = (key: string, value: unknown): void => {
    if (value === undefined) return;
    if (Array.isArray(value)) {
      value.forEach((item, index) => add(`${key}[${item !== null && typeof item === 'object' ? index : ''}]`, item));
    } else if (value !== null && typeof value === 'object') {
      for (const [name, item] of Object.entries(value)) add(`${key}[${name}]`, item);
    } else {
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(value === null ? '' : String(value))}`);
    }
  };
  for (const [name, value] of Object.entries(values)) add(name, value);
  return pairs.join('&');
}
