import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Client } from 'openapi-fetch';
import { CloudAPI } from '../../../../client/cloud/cloud-api.js';
import type { CloudService } from '../../../../client/cloud/service.js';
import { BrowserStorageAdapter } from '../../../../client/cloud/storage.js';
import type { paths as SupportPaths } from '../../../../generated/support.js';
import { origin, redirectUrl } from '../../config.js';
import type { FormConfig } from './config-query.js';

/**
 * The clients the form talks through, signed in by the one CloudAPI: each sends a delegation token of its own audience
 * (`support` for the form's own back end, `store`, `apps`), asked for and kept by the CloudAPI.
 */
export interface Services {
  config: FormConfig;
  cloud: CloudAPI;
  /** The form's own back end (/api/zendesk/...). */
  support: Client<SupportPaths>;
  store: CloudService<'store'>;
  apps: CloudService<'apps'>;
}

export function createServices(config: FormConfig): Services {
  // A public client (PKCE), its token kept in localStorage under 'homey-api'.
  const cloud = new CloudAPI({ baseUrl: config.cloudUrl, clientId: config.clientId, redirectUrl, store: new BrowserStorageAdapter() });
  return {
    config,
    cloud,
    support: cloud.transport<SupportPaths>(origin, 'support'),
    store: cloud.service('store', config.storeUrl),
    apps: cloud.service('apps', config.appsUrl),
  };
}

const ServicesContext = createContext<Services | null>(null);

export function ServicesProvider({ config, children }: { config: FormConfig; children: ReactNode }) {
  const services = useMemo(() => createServices(config), [config]);
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices needs a ServicesProvider around it.');
  return services;
}
