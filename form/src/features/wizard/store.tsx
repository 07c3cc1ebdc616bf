import { createContext, useContext, useEffect, useMemo, useReducer, type ReactNode } from 'react';
import { saveEntries, savedEntries } from './saved-wizard.js';
import { advance, choose, collected, firstEntries, type Choice, type Entry } from './walker.js';

type Change = { type: 'choose'; index: number; choice: Choice } | { type: 'advance'; index: number } | { type: 'reset' };

function reducer(entries: readonly Entry[], change: Change): readonly Entry[] {
  switch (change.type) {
    case 'choose':
      return choose(entries, change.index, change.choice);
    case 'advance':
      return advance(entries, change.index);
    case 'reset':
      return firstEntries;
  }
}

interface Wizard {
  entries: readonly Entry[];
  collected: ReturnType<typeof collected>;
  choose(index: number, choice: Choice): void;
  advance(index: number): void;
  /** Back to the first step; every later step and its data is gone. */
  reset(): void;
}

const WizardContext = createContext<Wizard | null>(null);

/**
 * The wizard's one store: the steps on screen and the choice made in each, kept across a reload for the signed-in
 * account `owner` (saved-wizard.ts). A reset remounts it (a new key).
 */
export function WizardProvider({ owner, children }: { owner: string; children: ReactNode }) {
  const [entries, dispatch] = useReducer(reducer, owner, (account) => savedEntries(account) ?? firstEntries);
  useEffect(() => saveEntries(owner, entries), [owner, entries]);
  const wizard = useMemo<Wizard>(
    () => ({
      entries,
      collected: collected(entries),
      choose: (index, choice) => dispatch({ type: 'choose', index, choice }),
      advance: (index) => dispatch({ type: 'advance', index }),
      reset: () => dispatch({ type: 'reset' }),
    }),
    [entries],
  );
  return <WizardContext.Provider value={wizard}>{children}</WizardContext.Provider>;
}

export function useWizard(): Wizard {
  const wizard = useContext(WizardContext);
  if (!wizard) throw new Error('useWizard needs a WizardProvider around it.');
  return wizard;
}
