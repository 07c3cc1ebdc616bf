import { useEffect, useRef, type KeyboardEvent } from 'react';
import { links } from '../../config.js';

export const successTexts = {
  title: 'Thanks for your message!',
  developer: 'Your e-mail has been sent to the developer.',
  ticket: 'Your e-mail confirmation is on its way. Our support team is working to get back to you as soon as possible.',
  /** Not in the seed: the ticket arrived, but no confirmation went (the account's address is not verified). */
  ticketUnconfirmed:
    "Our support team is working to get back to you as soon as possible. No e-mail confirmation was sent: please verify your account's e-mail address.",
  knowledgeBase: 'Back to the knowledge base',
  close: 'Close',
};

/** Tab past the last control (or Shift+Tab before the first) wraps around: a modal dialog alone lets focus leave the page. */
function trapTab(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>('a[href], button:not(:disabled)')];
  const [first, last] = [controls[0], controls.at(-1)];
  const edge = event.shiftKey ? first : last;
  if (!edge || document.activeElement !== edge) return;
  event.preventDefault();
  (event.shiftKey ? last : first)?.focus();
}

/**
 * The success popup: a native modal <dialog> (the rest of the page is inert, and Tab wraps around inside it) with the
 * page's scrolling locked while it is open. Closing it (its button or Escape) is `onClose`: the owner unmounts it.
 */
export function SuccessDialog({ body, onClose }: { body: string; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    element.showModal();
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = overflow;
      if (element.open) element.close();
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      className="success-dialog"
      aria-labelledby="success-title"
      onKeyDown={trapTab}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id="success-title">{successTexts.title}</h2>
      <p>{body}</p>
      <div className="success-dialog__actions">
        <a className="button button--primary" href={links.helpCentre}>
          {successTexts.knowledgeBase}
        </a>
        <button type="button" className="button" onClick={onClose}>
          {successTexts.close}
        </button>
      </div>
    </dialog>
  );
}
