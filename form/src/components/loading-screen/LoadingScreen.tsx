export const loadingText = 'Help is on the way...';

/** Shown while the form finds out who is signed in. Styles: .loading-screen in src/index.css. */
export function LoadingScreen() {
  return (
    <main className="loading-screen" aria-busy="true">
      <div className="loading-screen__status" role="status" aria-live="polite">
        <span className="loading-screen__spinner" aria-hidden="true" />
        <p className="loading-screen__text">{loadingText}</p>
      </div>
    </main>
  );
}
