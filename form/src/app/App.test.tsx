import { renderToString } from 'react-dom/server';
import { App } from './App.js';
import { AppProvider } from './provider.js';

describe('App', () => {
  it('when the session is not known yet, then the loading screen is shown inside the query provider', () => {
    const html = renderToString(
      <AppProvider>
        <App />
      </AppProvider>,
    );

    expect(html).toContain('role="status"');
    expect(html).toContain('Help is on the way...');
  });
});
