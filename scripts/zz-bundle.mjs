import { build } from 'esbuild';
await build({ entryPoints: ['/work/main/scripts/zz-inproc.ts'], outfile: '/work/main/dist/inproc.mjs', bundle: true, format: 'esm', platform: 'node', target: 'node20',
  external: ['better-sqlite3', 'pg-native', '@node-rs/argon2', 'socket.io'],
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" }, logLevel: 'warning' });
