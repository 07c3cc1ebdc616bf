import { steps } from '../tree.js';
import { useWizard } from '../store.js';
import { embeddedStep } from '../walker.js';
import { CommunityStep } from './CommunityStep.js';
import { ArticleList } from './ArticleList.js';
import type { StepProps } from './step-props.js';

export const knowledgeBaseTexts = {
  notFound: 'Still not found what you were looking for?',
  contactSupport: 'Contact Support',
};

/** Articles of the chosen branch (each opens in a new tab), then the community or a way on to support. */
export function KnowledgeBaseStep({ entry, index }: StepProps) {
  const wizard = useWizard();
  const embedded = embeddedStep(entry);
  return (
    <>
      <ArticleList />
      {embedded ? (
        <section className="embedded-step" aria-label={steps[embedded].question}>
          <h3>{steps[embedded].question}</h3>
          <CommunityStep />
        </section>
      ) : (
        <div className="knowledge-base__more">
          <p>{knowledgeBaseTexts.notFound}</p>
          {entry === wizard.entries.at(-1) && (
            <button type="button" className="button button--primary" onClick={() => wizard.advance(index)}>
              {knowledgeBaseTexts.contactSupport}
            </button>
          )}
        </div>
      )}
    </>
  );
}
