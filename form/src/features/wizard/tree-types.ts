/** The shapes of the decision tree (tree.ts holds the tree itself). */

export type StepId =
  | 'category'
  | 'account'
  | 'cloudHub'
  | 'proHub'
  | 'apps'
  | 'knowledgeBase'
  | 'community'
  | 'contactDeveloper'
  | 'emailDeveloper'
  | 'ticket';

/** The routes a choice can start (tree.ts: routes). */
export type RouteId =
  | 'account'
  | 'cloudHub'
  | 'proHub'
  | 'apps'
  | 'knowledgeBaseThenTicket'
  | 'knowledgeBaseThenCommunity'
  | 'community'
  | 'contactDeveloper'
  | 'ticket';

/** A tile shown only when the chosen hub has a bridge, only for the newer Pro model, or never for it. */
export type Condition = 'hasBridge' | 'newerModel' | 'notNewerModel';

/** What choosing a tile does: the route it starts, the articles the knowledge base shows, the ticket's tags. */
export interface Branch {
  action: RouteId;
  articles?: readonly number[];
  /** Used instead of `articles` when the chosen hub has a bridge. */
  bridgeArticles?: readonly number[];
  tags: readonly string[];
}

export interface Tile extends Branch {
  id: string;
  title: string;
  only?: Condition;
}

/** Tiles made from the user's data (seed 000 §2 step 1 and step 5), each source with its branches. */
export type Source =
  | { kind: 'account'; branch: Branch }
  | { kind: 'hubs'; byPlatform: Readonly<Record<'cloud' | 'local', Branch>> }
  | { kind: 'orders'; branch: Branch }
  | { kind: 'subscriptions'; byPrefix: readonly (Branch & { prefix: string; title: string })[]; otherwise: Branch }
  | { kind: 'apps'; partner: Branch; community: Branch };

export interface Group {
  title: string;
  source?: Source;
  tiles: readonly Tile[];
}

export type StepKind = 'action' | 'plain' | 'final';

export interface Step {
  kind: StepKind;
  question: string;
  description: string;
  groups?: readonly Group[];
  /** A plain step shown inside the knowledge base step when it follows it (the community in some branches). */
  embeddable?: boolean;
  /** The step after it follows only for some data (the e-mail step only for a developer who takes e-mail). */
  optionalNext?: boolean;
  /** Shows "Pro software is out of date." when the chosen hub reports available updates. */
  warnsWhenOutOfDate?: boolean;
}
