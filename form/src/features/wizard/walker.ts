/**
 * Pure functions over the decision tree (tree.ts): which tiles a step shows for the user's data, and how a choice or
 * a "continue" changes the list of steps. No React here, so every path can be tested as plain data.
 */
import { NEWER_PRO_MODEL, PARTNER_AUTHOR_IDS, hubModelNames, routes, steps, type Branch, type Condition, type Group, type StepId } from './tree.js';

/** The values a choice collects for the ticket (seed 000 §3). */
export interface Collected {
  hubId?: string;
  orderId?: string;
  subscriptionId?: string;
  appId?: string;
}

/** What the tiles are made of: the user's data as the queries answer it (undefined while loading). */
export interface TreeContext {
  user?: { fullname: string; email: string; avatar?: string | null };
  hubs?: readonly { _id: string; name: string; platform: 'cloud' | 'local'; model?: string; bridges?: readonly unknown[] }[];
  orders?: readonly { id: string | number; date: string }[];
  subscriptions?: readonly { id: string; startedAt: string }[];
  apps?: readonly { id: string; name: string; brandColor?: string; icon?: string; authorId?: string }[];
  /** The hub chosen in step 1, for the options that depend on it. */
  hub?: { hasBridge: boolean; model?: string };
}

export interface TileView {
  key: string;
  title: string;
  subtitle?: string;
  image?: string | null;
  color?: string;
  /** A stand-in while the data of its group loads. */
  placeholder?: boolean;
  choice?: Choice;
}

export interface GroupView {
  title: string;
  tiles: TileView[];
}

/** A step choice record (seed 000 §3): the chosen tile, its branch, the articles it shows and what it collects. */
export interface Choice {
  value: string;
  label: string;
  branch: Branch;
  articles: readonly number[];
  data: Collected;
}

/** One step on screen: its id, the steps its route still holds after it, and the choice made in it, if any. */
export interface Entry {
  step: StepId;
  rest: readonly StepId[];
  choice?: Choice;
}

export const firstEntries: readonly Entry[] = [{ step: 'category', rest: [] }];

const PLACEHOLDERS = 3;

export function meets(condition: Condition | undefined, hub: TreeContext['hub']): boolean {
  switch (condition) {
    case undefined:
      return true;
    case 'hasBridge':
      return Boolean(hub?.hasBridge);
    case 'newerModel':
      return hub?.model === NEWER_PRO_MODEL;
    case 'notNewerModel':
      return hub?.model !== NEWER_PRO_MODEL;
  }
}

const articlesOf = (branch: Branch, hub: TreeContext['hub']) => (hub?.hasBridge && branch.bridgeArticles) || branch.articles || [];

const choice = (value: string, label: string, branch: Branch, hub: TreeContext['hub'], data: Collected = {}): Choice => ({
  value,
  label,
  branch,
  articles: articlesOf(branch, hub),
  data,
});

const placeholders = (group: string): TileView[] => Array.from({ length: PLACEHOLDERS }, (_, i) => ({ key: `${group}-loading-${i}`, title: '', placeholder: true }));

const date = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** The tiles a group's source makes from the user's data; placeholders while that data loads. */
function sourceTiles(group: Group, context: TreeContext): TileView[] {
  const source = group.source;
  const hub = context.hub;
  switch (source?.kind) {
    case undefined:
      return [];
    case 'account': {
      const user = context.user;
      if (!user) return placeholders('account');
      return [{ key: 'account', title: user.fullname, subtitle: user.email, image: user.avatar, choice: choice('account', user.fullname, source.branch, hub) }];
    }
    case 'hubs':
      if (!context.hubs) return placeholders('hubs');
      return context.hubs.map((record) => {
        const bridged = Boolean(record.bridges?.length);
        const subtitle = record.platform === 'cloud' ? (bridged ? 'With Bridge' : 'Without Bridge') : (hubModelNames[record.model ?? ''] ?? record.model ?? '');
        const branch = source.byPlatform[record.platform];
        return { key: `hub-${record._id}`, title: record.name, subtitle, choice: choice(record._id, record.name, branch, hub, { hubId: record._id }) };
      });
    case 'orders':
      if (!context.orders) return placeholders('orders');
      return context.orders.map(({ id, date: ordered }) => ({
        key: `order-${id}`,
        title: `Order #${id}`,
        subtitle: date(ordered),
        choice: choice(String(id), `Order #${id}`, source.branch, hub, { orderId: String(id) }),
      }));
    case 'subscriptions':
      if (!context.subscriptions) return placeholders('subscriptions');
      return context.subscriptions.map(({ id, startedAt }) => {
        const known = source.byPrefix.find(({ prefix }) => id.startsWith(prefix));
        const title = known?.title ?? id;
        return { key: `subscription-${id}`, title, subtitle: `Since ${date(startedAt)}`, choice: choice(id, title, known ?? source.otherwise, hub, { subscriptionId: id }) };
      });
    case 'apps':
      if (!context.apps) return placeholders('apps');
      return context.apps.map((app) => {
        const branch = (PARTNER_AUTHOR_IDS as readonly string[]).includes(app.authorId ?? '') ? source.partner : source.community;
        return { key: `app-${app.id}`, title: app.name, image: app.icon, color: app.brandColor, choice: choice(app.id, app.name, branch, hub, { appId: app.id }) };
      });
  }
}

/** A choosing step's groups as shown: tiles from data, then the step's own tiles whose condition holds. */
export function groupsOf(step: StepId, context: TreeContext): GroupView[] {
  return (steps[step].groups ?? []).map((group) => ({
    title: group.title,
    tiles: [
      ...sourceTiles(group, context),
      ...group.tiles
        .filter(({ only }) => meets(only, context.hub))
        .map((tile) => ({ key: tile.id, title: tile.title, choice: choice(tile.id, tile.title, tile, context.hub) })),
    ],
  }));
}

/** A choice in entry `index`: later steps and their data are discarded, and the choice's route follows. */
export function choose(entries: readonly Entry[], index: number, made: Choice): Entry[] {
  const [next, ...rest] = routes[made.branch.action];
  const kept = entries.slice(0, index).concat({ ...entries[index]!, choice: made });
  return next ? kept.concat({ step: next, rest }) : kept;
}

/** "Contact Support" / "Send an E-mail" in plain entry `index`: the next step of its route follows it. */
export function advance(entries: readonly Entry[], index: number): Entry[] {
  const [next, ...rest] = entries[index]!.rest;
  const kept = entries.slice(0, index + 1);
  return next ? kept.concat({ step: next, rest }) : kept;
}

/** The step a plain step shows inside itself instead of a button (the community below the knowledge base). */
export function embeddedStep(entry: Entry): StepId | undefined {
  const next = entry.rest[0];
  return next && steps[next].embeddable && entry.rest.length === 1 ? next : undefined;
}

/** Everything the choices so far collected: values, the knowledge base's articles, the tags and the breadcrumb. */
export function collected(entries: readonly Entry[]) {
  const choices = entries.flatMap(({ choice: made }) => (made ? [made] : []));
  return {
    data: Object.assign({}, ...choices.map(({ data }) => data)) as Collected,
    articles: choices.at(-1)?.articles ?? [],
    tags: [...new Set(choices.flatMap(({ branch }) => branch.tags))],
    path: choices.map(({ label }) => label),
  };
}
