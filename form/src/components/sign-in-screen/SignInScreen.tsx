import { useState } from 'react';
import type { CloudAPI } from '../../../../client/index.js';
import { links, PRODUCT_NAME, SCOPES } from '../../config.js';
import { useServices } from '../../features/services/services.js';

const signInTexts = {
  title: 'How can we help?',
  text: 'Please sign in so we can help you best.',
  button: 'Sign in',
  help: "Can't sign in?",
};

/**
 * Sends the browser to the account service's sign-in page (authorization code with PKCE), in place of this screen's
 * history entry: the sign-in page replaces its own entry with the way back, so Back from the form leaves it rather
 * than opening a sign-in that is done.
 */
async function signIn(cloud: CloudAPI): Promise<void> {
  globalThis.location.replace(await cloud.getLoginUrl({ scopes: SCOPES }));
}

/** Shown to everyone who is not signed in (seed 000 §2, top-level state 2). */
export function SignInScreen() {
  const { cloud } = useServices();
  const [leaving, setLeaving] = useState(false);
  return (
    <main className="sign-in">
      <p className="product-name">{PRODUCT_NAME}</p>
      <section className="sign-in__card" aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">{signInTexts.title}</h1>
        <p>{signInTexts.text}</p>
        <button
          type="button"
          className="button button--primary"
          disabled={leaving}
          onClick={() => {
            setLeaving(true);
            signIn(cloud).catch((error: unknown) => {
              console.error('The sign-in page could not be opened:', error);
              setLeaving(false);
            });
          }}
        >
          {signInTexts.button}
        </button>
        <a className="sign-in__help" href={links.signInHelp} target="_blank" rel="noreferrer">
          {signInTexts.help}
        </a>
      </section>
    </main>
  );
}
