import { readFileSync } from 'node:fs';
import { missingFeatures, oldBrowserText, requiredFeatures } from './browser-support.js';

/** A modern browser's globals, as far as the form asks. */
const modern = () =>
  ({
    fetch: () => undefined,
    Promise,
    AbortSignal,
    URL,
    crypto: globalThis.crypto,
    structuredClone,
    localStorage: { getItem: () => null },
    HTMLDialogElement: class {
      showModal() {}
    },
  }) as unknown as typeof globalThis;

describe('browser support', () => {
  it('when every feature is present, then nothing is missing', () => {
    expect(missingFeatures(modern())).toEqual([]);
  });

  it.each(Object.keys(requiredFeatures))('when %s is missing, then it is named', (feature) => {
    const scope = modern() as unknown as Record<string, unknown>;
    const without: Record<string, () => void> = {
      fetch: () => delete scope.fetch,
      promiseAny: () => (scope.Promise = { resolve: Promise.resolve }),
      abortSignalTimeout: () => (scope.AbortSignal = { any: AbortSignal.any }),
      abortSignalAny: () => (scope.AbortSignal = { timeout: AbortSignal.timeout }),
      urlCanParse: () => (scope.URL = function URL() {}),
      webCrypto: () => (scope.crypto = {}),
      structuredClone: () => delete scope.structuredClone,
      localStorage: () =>
        Object.defineProperty(scope, 'localStorage', {
          get() {
            throw new Error('SecurityError');
          },
        }),
      dialog: () => delete scope.HTMLDialogElement,
    };
    without[feature]!();
    expect(missingFeatures(scope as unknown as typeof globalThis)).toEqual([feature]);
  });

  it('when the alert is read, then it says the browser is too old and to write to support by e-mail', () => {
    expect(oldBrowserText).toMatch(/too old/);
    expect(oldBrowserText).toMatch(/by e-mail at support@example\.com/);
  });
});

describe('browsers without modules', () => {
  it("when index.html is read, then its nomodule script, a file of the form's own host, alerts the same text", () => {
    expect(readFileSync('form/index.html', 'utf8')).toContain('<script nomodule src="/nomodule.js"></script>');
    expect(readFileSync('form/public/nomodule.js', 'utf8')).toContain(`alert('${oldBrowserText}');`);
  });
});
