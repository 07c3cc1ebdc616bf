import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { LoadingScreen } from '../components/loading-screen/LoadingScreen.js';
import { SignInScreen } from '../components/sign-in-screen/SignInScreen.js';
import { useSession } from '../features/auth/session-query.js';
import { configQueryOptions } from '../features/services/config-query.js';
import { ServicesProvider } from '../features/services/services.js';

// Everything past the sign-in screen loads only for a signed-in user (the first page stays small).
const SupportForm = lazy(() => import('../features/support-form/SupportForm.js'));

export const configFailedText = 'The support form could not load. Please try again in a moment.';

function Screens() {
  const session = useSession();
  if (session.isPending) return <LoadingScreen />;
  if (!session.data) return <SignInScreen />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <SupportForm session={session.data} />
    </Suspense>
  );
}

/** The form's top-level states (seed 000 §2): loading, sign-in, the form itself. */
export function App() {
  const config = useQuery(configQueryOptions());
  if (config.isError) return <LoadingScreen failed={configFailedText} />;
  if (!config.data) return <LoadingScreen />;
  return (
    <ServicesProvider config={config.data}>
      <Screens />
    </ServicesProvider>
  );
}
