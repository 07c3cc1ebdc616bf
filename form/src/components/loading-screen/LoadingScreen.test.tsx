import { renderToString } from 'react-dom/server';
import { LoadingScreen } from './LoadingScreen.js';

describe('LoadingScreen', () => {
  const html = renderToString(<LoadingScreen />);

  it('when rendered, then it shows the seed text exactly', () => {
    expect(html).toContain('>Help is on the way...</p>');
  });

  it('when rendered, then screen readers hear it as a polite status and skip the spinner', () => {
    expect(html).toMatch(/<div[^>]*role="status"[^>]*aria-live="polite"[^>]*>/);
    expect(html).toMatch(/<span class="loading-screen__spinner" aria-hidden="true">/);
    expect(html).toMatch(/<main[^>]*aria-busy="true"/);
  });
});

describe('LoadingScreen when the form cannot load', () => {
  it('when it failed, then the reason is an alert and nothing spins', () => {
    const html = renderToString(<LoadingScreen failed="The support form could not load. Please try again in a moment." />);
    expect(html).toMatch(/role="alert"/);
    expect(html).toContain('The support form could not load. Please try again in a moment.');
    expect(html).not.toContain('loading-screen__spinner');
  });
});
