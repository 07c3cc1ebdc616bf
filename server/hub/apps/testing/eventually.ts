/** Polls until `check` passes: apps run in worker threads, so what they do shows a moment after a call. */
export async function eventually(check: () => Promise<void> | void, tries = 100): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      return await check();
    } catch (error) {
      if (i >= tries) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
