/**
 * The cloud services of one instance, as `npm start` runs them beside its hub and `npm run start:cloud` runs them
 * alone: the account service on CLOUD_PORT with the store, apps, content, backup, webhooks, callback and notifications services
 * mounted beside it, and the connect service on CONNECT_PORT. With REDIS_URL the instance shares with the others
 * what they must see alike (rate limits, sign-in throttles, which instance holds which hub's tunnel); their data is
 * in CLOUD_DATABASE_URL, their keys and files in the cloud data folder (docs/several-instances.md).
 */
import type { RequestListener } from 'node:http';
import type { AccountService } from '../server/cloud/account/service.js';
import type { Cluster } from '../server/cloud/cluster/cluster.js';
import type { ConnectService } from '../server/cloud/connect/service.js';
import type { NotificationsService } from '../server/cloud/notifications/service.js';
import type { StoreService } from '../server/cloud/store/service.js';
import type { ServiceHttp } from '../server/http/service.js';
import type { StartSettings } from './start-settings.js';

export interface CloudOptions {
  settings: StartSettings;
  /** The cloud's data folder (SQLite files without CLOUD_DATABASE_URL, keys, backups, outboxes). */
  cloudDir: string;
  /** The platform's secret for the app store's secret calls (CLOUD_SHARED_SECRET, else one of this start). */
  appsSecret: string;
  /** Listens: the service's origin as clients reach it; throws (or ends the process) when the port is taken. */
  listen(service: ServiceHttp, name: 'CLOUD_PORT' | 'CONNECT_PORT', port: number): Promise<string>;
}

export interface RunningCloud {
  account: AccountService;
  store: StoreService;
  notifications: NotificationsService;
  connect: ConnectService;
  hubSecretKey: string;
  cloudUrl: string;
  connectUrl: string;
  /** Present with REDIS_URL. */
  cluster?: Cluster;
  close(): Promise<void>;
}

/** Starts every cloud service of one instance; on a failure closes what it started and throws a line to print. */
export async function startCloud({ settings, cloudDir, appsSecret, listen }: CloudOptions): Promise<RunningCloud> {
  const { hostNames, cloudSharedSecret } = settings;
  const databaseUrl = settings.cloudDatabaseUrl;
  const closing: Array<{ close(): Promise<void> }> = [];
  // One after the other from the last: a service closes before those it calls (connect before the account service, all before Redis).
  const close = async () => {
    for (const service of closing.splice(0).reverse()) await service.close();
  };
  try {
    const { trustProxies } = await import('../server/http/client-address.js');
    trustProxies(settings.trustedProxies);
    let cluster: Cluster | undefined;
    if (settings.redisUrl) {
      const { connectCluster } = await import('../server/cloud/cluster/cluster.js');
      try {
        cluster = await connectCluster(settings.redisUrl, settings.cloudInstanceId);
      } catch (error) {
        throw new Error(`Redis cannot be reached at REDIS_URL: ${(error as Error).message}`);
      }
      closing.push(cluster);
    }
    const { createAccountService } = await import('../server/cloud/account/service.js');
    const mounts = new Map<string, RequestListener>();
    let account: AccountService;
    try {
      account = await createAccountService({
        dataDir: cloudDir,
        databaseUrl,
        region: settings.cloudRegion,
        statusSecret: settings.cloudStatusSecret,
        hostNames,
        validateResponses: false,
        development: false,
        mounts,
        limiterStore: cluster?.limiterStore,
      });
    } catch (error) {
      throw new Error(`The cloud account service cannot start on ${databaseUrl ? 'CLOUD_DATABASE_URL' : cloudDir}: ${(error as Error).message}`);
    }
    closing.push(account);
    const cloudUrl = await listen(account, 'CLOUD_PORT', settings.cloudPort);
    account.account.publicUrl = cloudUrl;

    // The store and apps services answer beside the account service (in its database).
    const { createStoreService } = await import('../server/cloud/store/service.js');
    const { SimulatedPaymentProvider } = await import('../server/cloud/store/payment-provider.js');
    const { randomBytes } = await import('node:crypto');
    // The demo's payment provider runs in-process: cards pay at once, other methods are paid by its webhook 3 s later.
    const provider = new SimulatedPaymentProvider({ secret: randomBytes(32).toString('hex'), webhookUrl: `${cloudUrl}/store/payment/webhook`, settleAfterMs: 3000 });
    const accountKey = account.account.keys.publicPem;
    const store = await createStoreService({ dataDir: cloudDir, databaseUrl, accountKey, accounts: account.account.subscriptions, provider, secret: settings.storeSecret, hostNames });
    closing.push(store);
    const { createAppsService } = await import('../server/cloud/apps/service.js');
    const apps = await createAppsService({
      dataDir: cloudDir,
      databaseUrl,
      hostNames,
      accountKey,
      secret: appsSecret,
      publicUrl: `${cloudUrl}/apps/api/v1`,
      mailer: account.account.mail,
      cluster,
    });
    closing.push(apps);
    mounts.set('/store', store.handler).set('/apps', apps.handler);
    // The content services answer beside them under their names; hubs prove who they are to them with a credential
    // made from the deployment's key, kept in the cloud's data folder.
    const { createContentServices } = await import('../server/cloud/content/services.js');
    const { loadHubSecretKey } = await import('../server/cloud/callers/hub-secret.js');
    const hubSecretKey = loadHubSecretKey(cloudDir);
    // The connect service, on a port of its own (clients call the hub's own paths at its origin, the hub's remoteUrl).
    // The services that hand things to hubs (webhook calls, OAuth2 codes) reach them through their tunnels.
    const { createConnectService } = await import('../server/cloud/connect/service.js');
    const { tunnelHubDelivery } = await import('../server/cloud/connect/delivery.js');
    const { hubOwner, isHubUser } = await import('../server/cloud/account/hubs.js');
    const connect = createConnectService({ accountKey, isHubUser: (userId, hubId) => isHubUser(account.account, userId, hubId), hubSecretKey, sharedSecret: cloudSharedSecret, hostNames, cluster });
    closing.push(connect);
    const connectUrl = await listen(connect, 'CONNECT_PORT', settings.connectPort);
    const throughConnect = tunnelHubDelivery(connect.connections);
    const content = await createContentServices({
      dataDir: cloudDir,
      databaseUrl,
      accountUrl: cloudUrl,
      accountKey,
      hostNames,
      hubSecretKey,
      connectDelivery: throughConnect,
      // The backup service keeps and hands out backups only for a hub's owner, as the account service records it.
      hubOwner: (hubId) => hubOwner(account.account, hubId),
    });
    for (const [base, service] of content) {
      closing.push(service);
      mounts.set(base, service.handler);
    }
    // Apps on hubs sign in with providers through the callback service (its redirect URI: CLOUD_URL/callback/oauth2/callback).
    const { createCallbackService } = await import('../server/cloud/callback/service.js');
    const callback = await createCallbackService({ dataDir: cloudDir, databaseUrl, hostNames, hubSecretKey, delivery: throughConnect, publicUrl: `${cloudUrl}/callback` });
    closing.push(callback);
    mounts.set('/callback', callback.handler);
    // The push service sends hubs' notifications to the devices users register with the account service (without a
    // push provider, to <cloud data>/push-outbox).
    const { createNotificationsService } = await import('../server/cloud/notifications/service.js');
    const { devicesOf } = await import('../server/cloud/account/devices.js');
    const notifications = createNotificationsService({ dataDir: cloudDir, hostNames, hubSecretKey, devicesOf: (userId) => devicesOf(account.account, userId) });
    closing.push(notifications);
    mounts.set('/notifications', notifications.handler);
    return { account, store, notifications, connect, hubSecretKey, cloudUrl, connectUrl, cluster, close };
  } catch (error) {
    await close();
    throw error;
  }
}
