/**
 * The part of the Reflect metadata API (the `reflect-metadata` proposal) that tsyringe, on which @peculiar/x509
 * builds, checks for when it loads and uses: imported before @peculiar/x509. The `reflect-metadata` package would
 * do the same; it is not among the dependencies.
 */
declare global {
  namespace Reflect {
    function defineMetadata(key: unknown, value: unknown, target: object): void;
    function getOwnMetadata(key: unknown, target: object): unknown;
    function getMetadata(key: unknown, target: object): unknown;
  }
}

const metadata = new WeakMap<object, Map<unknown, unknown>>();

if (typeof Reflect.getMetadata !== 'function') {
  Reflect.defineMetadata = (key, value, target) => {
    const own = metadata.get(target) ?? new Map();
    metadata.set(target, own.set(key, value));
  };
  Reflect.getOwnMetadata = (key, target) => metadata.get(target)?.get(key);
  // Looked up along the prototype chain, as a subclass inherits its parent's metadata.
  Reflect.getMetadata = (key, target) => {
    for (let at: object | null = target; at; at = Object.getPrototypeOf(at)) {
      const own = metadata.get(at);
      if (own?.has(key)) return own.get(key);
    }
    return undefined;
  };
}

export {};
