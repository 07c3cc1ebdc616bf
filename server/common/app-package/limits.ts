/**
 * What an app package (.tar.gz) may be, on the hub (devkit, store installs) and in the app store alike. A package
 * past one of these is refused before it is unpacked further: 413 for sizes and counts, 400 for the rest.
 */
export const APP_PACKAGE_LIMITS = {
  /** The .tar.gz as sent. */
  packedBytes: 32 * 1024 * 1024,
  /** The tar stream once inflated: files, headers, padding and any zeros after the archive's end. */
  unpackedBytes: 32 * 1024 * 1024,
  /** Files and folders. */
  members: 10_000,
  /** One file. */
  memberBytes: 16 * 1024 * 1024,
  /** Inflated bytes per packed byte: real packages inflate 3 to 30 times, a gzip bomb up to 1,032 times. */
  ratio: 100,
  /** What any package may inflate to, however small (a tiny package may hold mostly tar headers). */
  ratioFloorBytes: 1024 * 1024,
} as const;

const MB = 1024 * 1024;
export const megabytes = (bytes: number) => `${bytes / MB} MB`;

/** What a package of `packedBytes` may inflate to: `ratio` times its size, at least the floor, at most the limit. */
export function inflateBudget(packedBytes: number): { bytes: number; refusal: string } {
  const { unpackedBytes, ratio, ratioFloorBytes } = APP_PACKAGE_LIMITS;
  const byRatio = Math.max(ratioFloorBytes, packedBytes * ratio);
  return byRatio < unpackedBytes
    ? { bytes: byRatio, refusal: `The app package unpacks to more than ${ratio} times its size` }
    : { bytes: unpackedBytes, refusal: `The app package unpacks to more than ${megabytes(unpackedBytes)}` };
}
