import { MAX_ATTACHMENTS, MAX_FILE_BYTES, texts } from './limits.js';

/** Files added by picker or drop, in the order added: a file with a name already added is ignored. */
export function addFiles<F extends { name: string; size: number }>(current: readonly F[], incoming: Iterable<F>): { files: F[]; error?: string } {
  const files = [...current];
  let error: string | undefined;
  for (const file of incoming) {
    if (files.some(({ name }) => name === file.name)) continue;
    if (file.size > MAX_FILE_BYTES) {
      error = texts.fileTooLarge;
      continue;
    }
    if (files.length >= MAX_ATTACHMENTS) {
      error = texts.tooManyFiles;
      break;
    }
    files.push(file);
  }
  return error ? { files, error } : { files };
}

export const removeFile = <F extends { name: string }>(files: readonly F[], name: string): F[] => files.filter((file) => file.name !== name);
