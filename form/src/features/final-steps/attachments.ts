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

/** A file's size as people read it, in the decimal units of the 50 MB limit: "512 bytes", "2.4 kB", "12 MB". */
export function fileSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const [value, unit] = bytes < 1_000_000 ? [bytes / 1000, 'kB'] : [bytes / 1_000_000, 'MB'];
  return `${value < 10 ? value.toFixed(1).replace(/\.0$/, '') : Math.round(value)} ${unit}`;
}
