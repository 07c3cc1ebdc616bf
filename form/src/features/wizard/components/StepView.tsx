import type { ComponentType } from 'react';
import { steps, type StepId } from '../tree.js';
import type { StepProps } from './step-props.js';
import { CommunityStep } from './CommunityStep.js';
import { ContactDeveloperStep } from './ContactDeveloperStep.js';
import { KnowledgeBaseStep } from './KnowledgeBaseStep.js';
import { TileStep } from './TileStep.js';
import { EmailDeveloperStep } from '../../final-steps/EmailDeveloperStep.js';
import { TicketStep } from '../../final-steps/TicketStep.js';

/** What each step shows below its question: every choosing step is the same tile picker. */
const bodies: Readonly<Record<StepId, ComponentType<StepProps>>> = {
  category: TileStep,
  account: TileStep,
  cloudHub: TileStep,
  proHub: TileStep,
  apps: TileStep,
  knowledgeBase: KnowledgeBaseStep,
  community: CommunityStep,
  contactDeveloper: ContactDeveloperStep,
  emailDeveloper: EmailDeveloperStep,
  ticket: TicketStep,
};

/** One step: its marker (previous or current), question, description and body. */
export function StepView(props: StepProps & { marker: 'previous' | 'current' }) {
  const { entry, index, marker } = props;
  const step = steps[entry.step];
  const Body = bodies[entry.step];
  const titleId = `step-${index}-title`;
  return (
    <li className={`step step--${marker}`} data-step={entry.step} aria-current={marker === 'current' ? 'step' : undefined}>
      <section aria-labelledby={titleId}>
        <h2 className="step__question" id={titleId} tabIndex={-1}>
          {step.question}
        </h2>
        <p className="step__description">{step.description}</p>
        <Body {...props} />
      </section>
    </li>
  );
}
