import { lazy, Suspense } from 'react';
import { LoadingScreen } from '../components/loading-screen/LoadingScreen.js';
import { SignInScreen } from '../components/sign-in-screen/SignInScreen.js';
import { useSession } from '../features/auth/session-query.js';

// Everything past the sign-in screen loads only for a signed-in user (the first page stays small).
const SupportForm = lazy(() => import('../features/support-form/SupportForm.js'));

/** The form's top-level states (seed 000 §2): loading, sign-in, the form itself. */
export function App() {
  const session = useSession();
  if (session.isPending) return <LoadingScreen />;
  if (!session.data) return <SignInScreen />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <SupportForm session={session.data} />
    </Suspense>
  );
}
