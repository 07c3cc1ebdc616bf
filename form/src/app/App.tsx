import { LoadingScreen } from '../components/loading-screen/LoadingScreen.js';

/**
 * The form's top-level states (seed 000 §2): loading, sign-in, the wizard. Nothing in this build knows the session
 * yet, so every visit is in the loading state.
 */
export function App() {
  return <LoadingScreen />;
}
