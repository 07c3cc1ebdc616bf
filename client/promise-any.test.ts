import { AllRejectedError } from './errors.js';
import { promiseAny } from './promise-any.js';

describe('promiseAny', () => {
  it('when one promise fulfils, then its value, whichever others reject', async () => {
    await expect(promiseAny([Promise.reject(new Error('a')), Promise.resolve(2), new Promise(() => undefined)])).resolves.toBe(2);
  });

  it('when every promise rejects, then All Promises rejected with the reasons in the given order', async () => {
    const slow = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('first, but last')), 10));
    const error = await promiseAny([slow, Promise.reject(new Error('second'))]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AllRejectedError);
    expect(error).toMatchObject({ message: 'All Promises rejected', errors: [new Error('first, but last'), new Error('second')] });
  });

  it('when there is no promise, then All Promises rejected at once', async () => {
    await expect(promiseAny([])).rejects.toThrow(new Error('All Promises rejected'));
  });
});
