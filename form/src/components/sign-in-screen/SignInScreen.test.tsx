import { renderToString } from 'react-dom/server';
import { ServicesProvider } from '../../features/services/services.js';
import { SignInScreen } from './SignInScreen.js';

const config = {
  cloudUrl: 'http://127.0.0.1:4861',
  clientId: 'demo-browser-app',
  storeUrl: 'http://127.0.0.1:4862',
  appsUrl: 'http://127.0.0.1:4863',
  partnerAuthorIds: [] as never[],
};

describe('SignInScreen', () => {
  const html = renderToString(
    <ServicesProvider config={config}>
      <SignInScreen />
    </ServicesProvider>,
  );

  it('when rendered, then it shows the seed title, text, sign-in button and help link', () => {
    expect(html).toMatch(/<h1 id="sign-in-title">How can we help\?<\/h1>/);
    expect(html).toContain('<p>Please sign in so we can help you best.</p>');
    expect(html).toMatch(/<button type="button" class="button button--primary">Sign in<\/button>/);
    expect(html).toMatch(/<a class="sign-in__help" href="[^"]+"[^>]*>Can&#x27;t sign in\?<\/a>/);
  });
});
