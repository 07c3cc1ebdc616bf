/**
 * The wizard kept in the tab's sessionStorage, so that a reload comes back to the same steps, choices and typed text
 * (files cannot be kept: the browser gives no way to store them). Cleared on sign-out, once a message is sent, and
 * when a page comes back from the back/forward cache (seed 000 §4 resets the wizard then). Tied to the signed-in
 * account: another account in the same tab starts afresh.
 */
import { useEffect } from 'react';
import type { FieldValues, UseFormWatch } from 'react-hook-form';
import { routes, steps } from './tree.js';
import type { Entry } from './walker.js';

const KEY = 'support-wizard';

type Draft = Record<string, string>;

interface Saved {
  owner: string;
  entries: Entry[];
  /** What was typed in a final step, by draftKey. */
  drafts: Record<string, Draft>;
}

const storage = (): Storage | undefined => {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
};

const isStep = (step: unknown) => typeof step === 'string' && Object.hasOwn(steps, step);
const isEntry = (entry: Entry) =>
  isStep(entry?.step) && Array.isArray(entry.rest) && entry.rest.every(isStep) && (entry.choice === undefined || Object.hasOwn(routes, entry.choice.branch?.action));

/** What was saved, when it is still a wizard of today's tree (a new release may have changed it). */
function read(): Saved | undefined {
  try {
    const saved = JSON.parse(storage()?.getItem(KEY) ?? 'null') as Saved | null;
    return saved && Array.isArray(saved.entries) && saved.entries.length > 0 && saved.entries.every(isEntry) ? saved : undefined;
  } catch {
    return undefined;
  }
}

function write(saved: Saved): void {
  try {
    storage()?.setItem(KEY, JSON.stringify(saved));
  } catch {
    // Storage full or refused: the wizard works on, only a reload starts it afresh.
  }
}

/** The key of a step's draft: its place and its step, as the step is keyed on screen. */
export const draftKey = (index: number, entry: Entry) => `${index}-${entry.step}`;

export function savedEntries(owner: string): readonly Entry[] | undefined {
  const saved = read();
  return saved?.owner === owner ? saved.entries : undefined;
}

/** Saves the steps; drafts of steps no longer on screen go. */
export function saveEntries(owner: string, entries: readonly Entry[]): void {
  const previous = read();
  const shown = new Set(entries.map((entry, index) => draftKey(index, entry)));
  const drafts = previous?.owner === owner ? Object.fromEntries(Object.entries(previous.drafts).filter(([key]) => shown.has(key))) : {};
  write({ owner, entries: [...entries], drafts });
}

export const savedDraft = (key: string): Draft | undefined => read()?.drafts[key];

export function clearSavedWizard(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // Nothing to clear where storage is refused.
  }
}

/** Saves a final step's fields as they are typed (react-hook-form's watch), under the step's draftKey. */
export function useSavedDraft<T extends FieldValues>(key: string, watch: UseFormWatch<T>): void {
  useEffect(() => {
    const subscription = watch((values) => {
      const saved = read();
      if (saved) write({ ...saved, drafts: { ...saved.drafts, [key]: values as Draft } });
    });
    return () => subscription.unsubscribe();
  }, [key, watch]);
}
