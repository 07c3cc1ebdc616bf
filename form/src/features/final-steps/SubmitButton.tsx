import { texts } from './limits.js';

/** Send, then "Sending..." (disabled) while the request is on its way. */
export function SubmitButton({ sending }: { sending: boolean }) {
  return (
    <button type="submit" className="button button--primary" disabled={sending}>
      {sending ? texts.sending : texts.send}
    </button>
  );
}
