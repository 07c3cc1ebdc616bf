import type { Session } from '../../auth/session-query.js';
import type { Entry, TreeContext } from '../walker.js';

/** What StepView hands each step's body: apart from StepView, which imports every body, so that they do not import it back. */
export interface StepProps {
  entry: Entry;
  index: number;
  context: TreeContext;
  session: Session;
}
