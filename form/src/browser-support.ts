/**
 * What the form needs of a browser (seed 000 §8): without it, an alert asks the user to write to support instead.
 * Each check names the feature so a test can take it away.
 */
export const requiredFeatures: Readonly<Record<string, (scope: typeof globalThis) => boolean>> = {
  fetch: (scope) => typeof scope.fetch === 'function',
  promiseAny: (scope) => typeof scope.Promise?.any === 'function',
  abortSignalTimeout: (scope) => typeof scope.AbortSignal?.timeout === 'function',
  abortSignalAny: (scope) => typeof scope.AbortSignal?.any === 'function',
  urlCanParse: (scope) => typeof scope.URL?.canParse === 'function',
  webCrypto: (scope) => typeof scope.crypto?.subtle?.digest === 'function',
  structuredClone: (scope) => typeof scope.structuredClone === 'function',
  localStorage: (scope) => {
    try {
      return typeof scope.localStorage?.getItem === 'function';
    } catch {
      return false;
    }
  },
  dialog: (scope) => typeof scope.HTMLDialogElement?.prototype?.showModal === 'function',
};

export const oldBrowserText =
  'Your browser is too old to use this support form. Please update your browser, or contact our support team by e-mail at support@example.com.';

export const missingFeatures = (scope: typeof globalThis = globalThis): string[] =>
  Object.entries(requiredFeatures)
    .filter(([, present]) => !present(scope))
    .map(([name]) => name);
