import { useMemo } from 'react';
import type { Session } from '../../auth/session-query.js';
import { buildOf, nameOf, useAppsDetails } from '../../queries/app-query.js';
import { useHubApps } from '../../queries/hub-apps-query.js';
import { useHub } from '../../queries/hub-query.js';
import { useOrders } from '../../queries/orders-query.js';
import type { Entry, TreeContext } from '../walker.js';
import { useWizard } from '../store.js';

/** The hub record chosen in step 1, and a client of that hub once it is reached. */
export function useChosenHub(session: Session) {
  const { collected } = useWizard();
  const hubId = collected.data.hubId;
  const record = session.record.homeys.find((homey) => homey._id === hubId);
  const { data: hub, isError: unreachable } = useHub(session.user, record?._id);
  return { record, hub, unreachable };
}

/** The user's subscriptions (id → { startedAt }), in id order. */
const subscriptionsOf = (record: Session['record']): TreeContext['subscriptions'] =>
  Object.entries(record.subscriptions)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([id, { startedAt }]) => ({ id, startedAt }));

/** What the tiles are made of, from the session and the queries; the apps are asked for only on the apps step. */
export function useTreeContext(session: Session, entries: readonly Entry[]): TreeContext {
  const { record: chosen, hub, unreachable } = useChosenHub(session);
  const orders = useOrders();
  const onAppsStep = entries.some((entry) => entry.step === 'apps');
  const hubApps = useHubApps(onAppsStep ? hub : undefined);
  // A hub that cannot be reached lists no apps: only "Other" remains, instead of placeholders for ever.
  const installed = unreachable || hubApps.isError ? [] : hubApps.data;
  const details = useAppsDetails(installed?.map((app) => app.id));
  const { record } = session;
  return useMemo(() => {
    const apps = details && installed?.map((app) => {
      const build = buildOf(details.get(app.id));
      return { id: app.id, name: build ? nameOf(build) : app.name, brandColor: build?.brandColor ?? app.brandColor, icon: build?.icon, authorId: details.get(app.id)?.author.userId };
    });
    return {
      user: { fullname: `${record.firstname} ${record.lastname}`.trim(), email: record.email, avatar: record.avatar },
      hubs: record.homeys.map(({ _id, name, platform, model, bridges }) => ({ _id, name, platform, model, bridges })),
      orders,
      subscriptions: subscriptionsOf(record),
      apps,
      hub: chosen && { hasBridge: chosen.bridges.length > 0, model: chosen.model },
    };
  }, [record, orders, installed, details, chosen]);
}
