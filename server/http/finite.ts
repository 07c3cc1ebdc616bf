/**
 * Every number a request carries must be finite (docs/protocol.md, "Numbers"). The validators let non-finite ones
 * through: Ajv coerces a query, path or header value `Infinity`, `-Infinity` or `1e400` to a number and then skips
 * `minimum` and `maximum` (with strictNumbers, number keywords apply to finite numbers only); JSON.parse reads
 * `1e400` as Infinity, which a schema without a type (a free-form object) takes. So the transports look once more at
 * what the validators leave, after their coercion, before any handler runs.
 */

/** The path (`a.b.0`, '' for the value itself) of the first number in `value` that is not finite, or undefined. */
export function nonFiniteAt(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : '';
  if (typeof value !== 'object' || value === null) return undefined;
  // Iterative, so any depth is safe; a path is made only for objects, never for the numbers and strings in them.
  const stack: Array<[object, string]> = [[value, '']];
  while (stack.length) {
    const [node, path] = stack.pop()!;
    for (const key in node) {
      if (!Object.hasOwn(node, key)) continue;
      const child: unknown = (node as Record<string, unknown>)[key];
      if (typeof child === 'number') {
        if (!Number.isFinite(child)) return path ? `${path}.${key}` : key;
      } else if (typeof child === 'object' && child !== null) {
        stack.push([child, path ? `${path}.${key}` : key]);
      }
    }
  }
  return undefined;
}

export const NOT_FINITE = 'must be a finite number';
