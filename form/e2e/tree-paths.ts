/**
 * Every end of the wizard's decision tree, enumerated from its data (form/src/features/wizard/tree.ts), so that the
 * end-to-end tests follow the tree as it changes. A pick is a tile of the tree, or a branch of a group whose tiles
 * are made from the user's data (one hub per platform, an order, each kind of subscription, a partner's or another
 * developer's app); which tile on screen stands for such a branch is found at run time from the real data.
 */
import { routes, steps, type Branch, type Condition, type StepId } from '../src/features/wizard/tree.js';

export interface Pick {
  step: StepId;
  /** A tile of the tree (its id), or the data source's branch (e.g. `hubs:local`). */
  key: string;
  title?: string;
  branch: Branch;
  only?: Condition;
}

export interface TreePath {
  name: string;
  picks: Pick[];
  /** The steps the last choice leads to: the end of the path. */
  ends: readonly StepId[];
}

/** The branches a data source can give its tiles, each with a name for the test. */
function sourceBranches(step: StepId): Pick[] {
  return (steps[step].groups ?? []).flatMap((group): Pick[] => {
    const source = group.source;
    switch (source?.kind) {
      case undefined:
        return [];
      case 'account':
      case 'orders':
        return [{ step, key: source.kind, branch: source.branch }];
      case 'hubs':
        // The local hub first: it is the demo hub, the one whose apps can be listed (see `explored`).
        return (['local', 'cloud'] as const).map((platform) => ({ step, key: `hubs:${platform}`, branch: source.byPlatform[platform] }));
      case 'subscriptions':
        return [
          ...source.byPrefix.map((known) => ({ step, key: `subscriptions:${known.prefix}`, branch: known })),
          { step, key: 'subscriptions:other', branch: source.otherwise },
        ];
      case 'apps':
        return [
          { step, key: 'apps:partner', branch: source.partner },
          { step, key: 'apps:developer', branch: source.community },
        ];
    }
  });
}

function picksOf(step: StepId): Pick[] {
  return [
    ...sourceBranches(step),
    ...(steps[step].groups ?? []).flatMap((group) => group.tiles.map((tile) => ({ step, key: tile.id, title: tile.title, branch: tile, ...(tile.only ? { only: tile.only } : {}) }))),
  ];
}

const label = (pick: Pick) => pick.title ?? pick.key;

/**
 * Every path from step 1 to an end. A choosing step reached again by another path (the apps step, from both hub
 * steps) is walked once, where it is first reached; elsewhere reaching it is the end of the path.
 */
export function treePaths(): TreePath[] {
  const paths: TreePath[] = [];
  const explored = new Set<StepId>();
  const walk = (step: StepId, before: Pick[]) => {
    explored.add(step);
    for (const pick of picksOf(step)) {
      const picks = [...before, pick];
      const ends = routes[pick.branch.action];
      const next = ends[0]!;
      if (steps[next].kind === 'action' && !explored.has(next)) walk(next, picks);
      else paths.push({ name: `${picks.map(label).join(' → ')} ⇒ ${ends.join(', ')}`, picks, ends });
    }
  };
  walk('category', []);
  return paths;
}
