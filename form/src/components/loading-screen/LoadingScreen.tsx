const loadingText = 'Help is on the way...';

/** Shown while the form finds out who is signed in; `failed` replaces the text when it cannot. Styles: .loading-screen. */
export function LoadingScreen({ failed }: { failed?: string }) {
  return (
    <main className="loading-screen" aria-busy={!failed}>
      <div className="loading-screen__status" role={failed ? 'alert' : 'status'} aria-live={failed ? 'assertive' : 'polite'}>
        {!failed && <span className="loading-screen__spinner" aria-hidden="true" />}
        <p className="loading-screen__text">{failed ?? loadingText}</p>
      </div>
    </main>
  );
}
