import type { Selectable } from 'kysely';
import type { components } from '../../../generated/cloud/account.js';
import type { Account } from './context.js';
import type { Tables } from './db.js';
import { peripheralView } from './peripheral-view.js';

type HomeyApp = components['schemas']['HomeyApp'];
type Peripheral = components['schemas']['Peripheral'];
type SelfHostedServer = components['schemas']['SelfHostedServer'];

/** What a hub record shows from tables of its own: its apps, its bridges, and a self-hosted server's details. */
export interface HubExtras {
  apps: HomeyApp[];
  bridges: Peripheral[];
  selfHostedServer?: SelfHostedServer;
}

export function selfHostedServerView(row: Selectable<Tables['self_hosted_servers']>): SelfHostedServer {
  const subscription = row.subscription_type === null
    ? null
    : {
        type: row.subscription_type as 'monthly' | 'yearly' | 'lifetime',
        expiresAt: row.subscription_expires_at,
        ...(row.shopify_contract_id !== null ? { shopifyContractId: row.shopify_contract_id } : {}),
        expired: row.expired === 1,
      };
  return { subscription, customHostname: row.custom_hostname };
}

const appView = (row: Selectable<Tables['hub_apps']>): HomeyApp => {
  const drivers = JSON.parse(row.drivers) as string[];
  const flowCards = JSON.parse(row.flow_cards) as string[];
  return {
    id: row.app_id,
    version: row.version,
    channel: row.channel as HomeyApp['channel'],
    ...(drivers.length ? { drivers } : {}),
    ...(flowCards.length ? { flowCards } : {}),
  };
};

/** The extras of each hub of `ids`, in three queries whatever their number. */
export async function extrasOf(account: Account, ids: readonly string[]): Promise<Map<string, HubExtras>> {
  const extras = new Map(ids.map((id): [string, HubExtras] => [id, { apps: [], bridges: [] }]));
  if (!ids.length) return extras;
  const [apps, bridges, servers] = await Promise.all([
    account.db.selectFrom('hub_apps').selectAll().where('hub_id', 'in', ids).orderBy('app_id').execute(),
    account.db.selectFrom('peripherals').selectAll().where('kind', '=', 'bridge').where('hub_id', 'in', ids).orderBy('serial').execute(),
    account.db.selectFrom('self_hosted_servers').selectAll().where('hub_id', 'in', ids).execute(),
  ]);
  for (const row of apps) extras.get(row.hub_id)!.apps.push(appView(row));
  for (const row of bridges) extras.get(row.hub_id!)!.bridges.push(peripheralView(row));
  for (const row of servers) extras.get(row.hub_id)!.selfHostedServer = selfHostedServerView(row);
  return extras;
}

/** Replaces the apps a hub reported before. */
export async function replaceApps(account: Account, hubId: string, apps: readonly HomeyApp[]): Promise<void> {
  await account.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('hub_apps').where('hub_id', '=', hubId).execute();
    const unique = new Map(apps.map((app) => [app.id, app]));
    if (!unique.size) return;
    await trx
      .insertInto('hub_apps')
      .values([...unique.values()].map((app) => ({
        hub_id: hubId,
        app_id: app.id,
        version: app.version,
        channel: app.channel,
        drivers: JSON.stringify([...new Set(app.drivers ?? [])]),
        flow_cards: JSON.stringify([...new Set(app.flowCards ?? [])]),
      })))
      .execute();
  });
}
