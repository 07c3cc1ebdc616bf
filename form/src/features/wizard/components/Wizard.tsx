import { useEffect, useRef } from 'react';
import type { Session } from '../../auth/session-query.js';
import { steps } from '../tree.js';
import { WizardProvider, useWizard } from '../store.js';
import { StepView } from './StepView.js';
import { useTreeContext } from './use-tree-context.js';

/** Scrolling to a new step leaves this much room above it (seed 000 §9). */
export const SCROLL_OFFSET = 120;
export const selectPrompt = 'Select one of the above options.';

function Steps({ session }: { session: Session }) {
  const { entries } = useWizard();
  const context = useTreeContext(session, entries);
  const list = useRef<HTMLOListElement>(null);
  const shown = useRef(entries.length);

  // A new step takes the keyboard focus on its heading (without jumping: the page scrolls it smoothly into place).
  // When the wizard shrinks, focus stays where the user put it, unless what held it went away (a popup closed with
  // a reset): then it goes to the step now current.
  useEffect(() => {
    if (entries.length === shown.current) return;
    const grew = entries.length > shown.current;
    shown.current = entries.length;
    const last = list.current?.lastElementChild;
    if (!last) return;
    const focusLost = !document.activeElement || document.activeElement === document.body;
    if (grew || focusLost) last.querySelector<HTMLElement>('.step__question')?.focus({ preventScroll: true });
    if (!grew) return;
    const top = last.getBoundingClientRect().top + globalThis.scrollY - SCROLL_OFFSET;
    globalThis.scrollTo({ top, behavior: 'smooth' });
  }, [entries.length]);

  const current = entries.at(-1)!;
  const awaitingChoice = steps[current.step].kind === 'action' && !current.choice;
  return (
    <>
      <ol className="wizard" ref={list} aria-label="Steps">
        {entries.map((entry, index) => (
          <StepView key={`${index}-${entry.step}`} entry={entry} index={index} marker={index === entries.length - 1 ? 'current' : 'previous'} context={context} session={session} />
        ))}
      </ol>
      {current.rest.length > 0 && !steps[current.rest[0]!].embeddable && !steps[current.step].optionalNext && (
        <ol className="wizard wizard--next" aria-label="Next steps">
          {current.rest.map((step) => (
            <li key={step} className="step step--next" data-step={step}>
              <h2 className="step__question">{steps[step].question}</h2>
            </li>
          ))}
        </ol>
      )}
      {awaitingChoice && (
        <p className="wizard__prompt" role="status">
          {selectPrompt}
        </p>
      )}
    </>
  );
}

/** The steps of the wizard, each rendered from the tree; a new key (sign-out, restore) starts afresh. */
export function Wizard({ session }: { session: Session }) {
  return (
    <WizardProvider owner={session.record._id}>
      <Steps session={session} />
    </WizardProvider>
  );
}
