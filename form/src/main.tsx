import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';
import { AppProvider } from './app/provider.js';
import { missingFeatures, oldBrowserText } from './browser-support.js';
import './index.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The support form needs an element with id "root" in index.html.');

const missing = missingFeatures();
if (missing.length) {
  console.error('This browser lacks what the support form needs:', missing.join(', '));
  globalThis.alert(oldBrowserText);
} else {
  createRoot(rootElement).render(
    <StrictMode>
      <AppProvider>
        <App />
      </AppProvider>
    </StrictMode>,
  );
}
