import type { ServiceHttp } from '../../http/service.js';
import { completeBackups } from '../backup/backups.js';
import { createBackupService } from '../backup/service.js';
import type { ContentServiceConfig } from './config.js';
import type { HubDelivery } from '../outbound/hub-delivery.js';
import { createDnsService } from '../dns/service.js';
import { createEnergyService } from '../energy/service.js';
import { createFirmwareService } from '../firmware/service.js';
import { createFlowService } from '../flow/service.js';
import { createGeolocateService } from '../geolocate/service.js';
import { createIconsService } from '../icons/service.js';
import { createInfraredService } from '../infrared/service.js';
import { createSetupService } from '../setup/service.js';
import { createSolarForecastService } from '../solarforecast/service.js';
import { createWebhooksService } from '../webhooks/service.js';
import { createWeatherService } from '../weather/service.js';

export interface ContentServicesConfig extends ContentServiceConfig {
  /** Holds the SQLite files of those that keep data (without databaseUrl). */
  dataDir: string;
  databaseUrl?: string;
  /** The account service's public URL (the webhooks' URLs start with it, under /webhooks). */
  accountUrl: string;
  /** The account service's public key (PEM) that verifies callers' delegation tokens offline. */
  accountKey: string;
  /** The account that owns a hub, as the account service records it (the backup service's check). */
  hubOwner(hubId: string): Promise<string | null>;
  /** How webhook calls reach connected hubs: through the connect service (else at their registered address). */
  connectDelivery?: HubDelivery;
}

/**
 * Every content service, the setup service and the services hubs keep their data with and are reached through (backups, webhooks), by the base path each answers under beside the account service
 * (npm start mounts them there): the list in one place, so that starting and closing them is one loop.
 */
export async function createContentServices(config: ContentServicesConfig): Promise<Map<string, ServiceHttp>> {
  const { dataDir, databaseUrl, accountUrl, accountKey, connectDelivery, hubOwner, ...common } = config;
  const backup = await createBackupService({ ...common, dataDir, databaseUrl, accountKey, ownerOf: hubOwner });
  return new Map<string, ServiceHttp>([
    ['/weather', createWeatherService(common)],
    ['/geolocate', createGeolocateService(common)],
    ['/infrared', createInfraredService(common)],
    ['/firmware', createFirmwareService(common)],
    ['/energy', createEnergyService(common)],
    ['/solarforecast', createSolarForecastService(common)],
    ['/flow', await createFlowService({ ...common, dataDir, databaseUrl, accountKey })],
    ['/icons', await createIconsService({ ...common, dataDir, databaseUrl })],
    ['/dns', await createDnsService({ ...common, dataDir, databaseUrl })],
    ['/setup', await createSetupService({ ...common, dataDir, databaseUrl, accountKey, backupsOf: (userId) => completeBackups(backup.db, userId) })],
    ['/backup', backup],
    ['/webhooks', await createWebhooksService({ ...common, dataDir, databaseUrl, accountKey, connectDelivery, publicUrl: `${accountUrl}/webhooks` })],
  ]);
}
