import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PRODUCT_NAME } from '../../config.js';
import { sessionQueryOptions, type Session } from '../auth/session-query.js';
import { useServices } from '../services/services.js';
import { Wizard } from '../wizard/components/Wizard.js';
import { clearSavedWizard } from '../wizard/saved-wizard.js';

/** Counts resets: a page restored from the back/forward cache starts the wizard afresh (seed 000 §4). */
function useRestoreCount(): number {
  const [restores, setRestores] = useState(0);
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      clearSavedWizard();
      setRestores((count) => count + 1);
    };
    globalThis.addEventListener('pageshow', onShow);
    return () => globalThis.removeEventListener('pageshow', onShow);
  }, []);
  return restores;
}

/** The form itself (seed 000 §2, top-level state 3): a greeting, the heading and the wizard. */
export default function SupportForm({ session }: { session: Session }) {
  const queryClient = useQueryClient();
  const { cloud } = useServices();
  const restores = useRestoreCount();
  const signOut = async () => {
    await cloud.logout();
    clearSavedWizard();
    // The session first (its observer shows the sign-in screen), then everything the user's data filled.
    queryClient.setQueryData(sessionQueryOptions(cloud).queryKey, null);
    queryClient.removeQueries({ predicate: ({ queryKey: [key] }) => key !== 'config' && key !== 'session' });
  };
  return (
    <main className="support-form">
      <header className="support-form__header">
        <p className="product-name">{PRODUCT_NAME}</p>
        <p className="support-form__greeting">Hi {session.record.firstname}!</p>
        <button type="button" className="button button--link" onClick={() => void signOut()}>
          Sign out
        </button>
      </header>
      <h1 className="support-form__title">How can we help?</h1>
      <Wizard key={restores} session={session} />
    </main>
  );
}
