import type { RawMember } from './raw-package.js';

/** Members no package may hold, and the one refusal hub and store both answer for each (a 400). */
export const REFUSED_MEMBERS: ReadonlyArray<[what: string, member: RawMember, refusal: string]> = [
  ['climbs out with ..', { path: '../evil.js', content: 'x' }, 'The app package may hold paths inside it only: ../evil.js climbs out of it'],
  ['climbs out further in', { path: 'lib/../../evil.js', content: 'x' }, 'The app package may hold paths inside it only: lib/../../evil.js climbs out of it'],
  ['is absolute', { path: '/etc/evil.js', content: 'x' }, 'The app package may hold paths inside it only: /etc/evil.js is absolute'],
  ['is a symbolic link', { path: 'link', type: 'SymbolicLink', linkpath: '/etc/passwd' }, 'The app package may hold files and folders only: link is a symbolic link'],
  ['is a hard link', { path: 'hard', type: 'Link', linkpath: 'app.js' }, 'The app package may hold files and folders only: hard is a hard link'],
  ['is a named pipe', { path: 'pipe', type: 'FIFO' }, 'The app package may hold files and folders only: pipe is not a file or folder'],
];

/** 40 MB of zeros gzipped: 39 KB that a reader must refuse long before inflating them all. */
export const ZEROS_BOMB_REFUSAL = 'The app package unpacks to more than 100 times its size';
