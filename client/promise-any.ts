import { AllRejectedError } from './errors.js';

/**
 * The first of `promises` to fulfil; when every one rejects (or there are none), an AllRejectedError ('All
 * Promises rejected') whose `errors` are their reasons in the order given. Promise.any's AggregateError is not
 * an APIError and is missing from older browsers.
 */
export function promiseAny<T>(promises: readonly Promise<T>[]): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const errors: unknown[] = new Array(promises.length);
    let pending = promises.length;
    if (!pending) reject(new AllRejectedError([]));
    promises.forEach((promise, index) =>
      promise.then(resolve, (error: unknown) => {
        errors[index] = error;
        if (--pending === 0) reject(new AllRejectedError(errors));
      }),
    );
  });
}
