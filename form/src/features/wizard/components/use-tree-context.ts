import { useMemo } from 'react';
import type { Session } from '../../auth/session-query.js';
import { useHubApps } from '../../queries/hub-apps-query.js';
import { useHub } from '../../queries/hub-query.js';
import type { Entry, TreeContext } from '../walker.js';
import { useWizard } from '../store.js';

/** The hub record chosen in step 1, and a client of that hub once it is reached. */
export function useChosenHub(session: Session) {
  const { collected } = useWizard();
  const hubId = collected.data.hubId;
  const record = session.record.homeys.find((homey) => homey._id === hubId);
  const { data: hub } = useHub(session.user, record?._id);
  return { record, hub };
}

/** What the tiles are made of, from the session and the queries; the apps are asked for only on the apps step. */
export function useTreeContext(session: Session, entries: readonly Entry[]): TreeContext {
  const { record: chosen, hub } = useChosenHub(session);
  const onAppsStep = entries.some((entry) => entry.step === 'apps');
  const apps = useHubApps(onAppsStep ? hub : undefined).data;
  const { record } = session;
  return useMemo(
    () => ({
      user: { fullname: `${record.firstname} ${record.lastname}`.trim(), email: record.email, avatar: record.avatar },
      hubs: record.homeys.map(({ _id, name, platform, model }) => ({ _id, name, platform, model })),
      orders: [],
      subscriptions: [],
      apps: apps?.map((app) => ({ id: app.id, name: app.name, brandColor: app.brandColor, icon: app.iconObj && hub ? new URL(app.iconObj.url, hub.address).href : undefined })),
      hub: chosen && { hasBridge: false, model: chosen.model },
    }),
    [record, apps, hub, chosen],
  );
}
