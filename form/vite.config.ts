import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from '../scripts/precompress.js';

const root = fileURLToPath(new URL('.', import.meta.url));
const outDir = 'dist';

/** Once the build is written: its text files gzipped and brotli-compressed beside them (served by server/support). */
const precompressBuild: Plugin = {
  name: 'precompress',
  apply: 'build',
  async closeBundle() {
    await precompress(fileURLToPath(new URL(outDir, import.meta.url)));
  },
};

// `npm run build:form` runs from the repository root: the form's own folder is the Vite root, so index.html is found
// and the build lands in form/dist.
export default defineConfig({
  root,
  plugins: [react(), precompressBuild],
  build: { outDir, emptyOutDir: true },
});
