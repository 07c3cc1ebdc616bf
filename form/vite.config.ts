import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Settings read when the form is built (see src/config.ts); unset ones keep the form's defaults for `npm start`. */
const settings = {
  cloudUrl: process.env.FORM_CLOUD_URL,
  clientId: process.env.FORM_CLIENT_ID,
  helpCentreUrl: process.env.FORM_HELP_CENTRE_URL,
  communityUrl: process.env.FORM_COMMUNITY_URL,
};

// `npm run build:form` runs from the repository root: the form's own folder is the Vite root, so index.html is found
// and the build lands in form/dist.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  define: { __FORM_SETTINGS__: JSON.stringify(settings) },
  build: { outDir: 'dist', emptyOutDir: true },
});
