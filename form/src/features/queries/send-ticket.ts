import type { QueryClient } from '@tanstack/react-query';
import type { HubAPI } from '../../../../client/index.js';
import type { components } from '../../../../generated/support.js';
import type { Session } from '../auth/session-query.js';
import { texts } from '../final-steps/limits.js';
import type { Services } from '../services/services.js';
import { NEWER_PRO_MODEL } from '../wizard/tree.js';
import type { collected } from '../wizard/walker.js';
import { diagnosticReport, hubFacts, underVoltagePercentage } from './hub-diagnostics.js';
import { hubQueryOptions } from './hub-query.js';

type TicketCreate = components['schemas']['TicketCreate'];

/** A failure whose message is the seed's text for the user. */
export class ShownError extends Error {}

export interface TicketRequest {
  subject: string;
  message: string;
  files: readonly File[];
  wizard: ReturnType<typeof collected>;
}

/** POST /api/zendesk/attachment for one file (its bytes as the body); answers the upload's token. */
async function upload({ support }: Services, file: File): Promise<string> {
  try {
    const { data } = await support.POST('/api/zendesk/attachment', {
      params: { query: { filename: file.name, mimetype: file.type || 'application/octet-stream' } },
      // openapi-typescript types a binary body as a string; the file goes out as its bytes (bodySerializer).
      body: file as unknown as string,
      bodySerializer: (body: unknown) => body as BodyInit,
      headers: { 'Content-Type': file.type || 'application/octet-stream' },
    });
    if (!data) throw new Error('No upload token');
    return data.token;
  } catch (error) {
    console.error(`${file.name} could not be uploaded:`, error);
    throw new ShownError(texts.uploadFailed(file.name));
  }
}

/** What the chosen hub adds to a ticket: its record's facts, what it reports itself and its diagnostic report. */
async function hubFields(queryClient: QueryClient, session: Session, homeyId: string): Promise<Partial<TicketCreate>> {
  const record = session.record.homeys.find(({ _id }) => _id === homeyId);
  if (!record) {
    console.error(`The chosen hub ${homeyId} is not among the user's hubs any more: the ticket goes without its details.`);
    return {};
  }
  const fromRecord: Partial<TicketCreate> = {
    homeyId,
    homeyModel: record.model ?? '',
    homeyPlatform: record.platform,
    homeySoftwareVersion: record.softwareVersion ?? '',
    homeyLanguage: record.language ?? '',
    homeyLicenses: (record.licenses ?? []).join(','),
    homeyBridges: record.bridges.length,
    homeyRegion: record.region ?? '',
    homeyApps: record.apps.map(({ id, version }) => `${id} ${version}`).join('\n'),
    homeyAppsCount: record.apps.length,
  };
  let hub: HubAPI;
  try {
    hub = await queryClient.fetchQuery(hubQueryOptions(session.user, homeyId));
  } catch (error) {
    console.error('The hub could not be reached for its diagnostics:', error);
    const underVoltage = record.model === NEWER_PRO_MODEL ? { underVoltagePercentage: texts.underVoltageFailed } : {};
    return { ...fromRecord, diagnosticReport: texts.reportFailed, ...underVoltage };
  }
  const [report, underVoltage, facts] = await Promise.all([diagnosticReport(hub), underVoltagePercentage(queryClient, hub, record.model), hubFacts(queryClient, hub)]);
  return {
    ...fromRecord,
    homeyModelName: facts.modelName,
    homeyLanguage: facts.language || fromRecord.homeyLanguage,
    homeySoftwareVersion: facts.softwareVersion || fromRecord.homeySoftwareVersion,
    ...(facts.appsCount ? { homeyApps: facts.apps, homeyAppsCount: facts.appsCount } : {}),
    homeyUsers: facts.users,
    diagnosticReport: report,
    ...(underVoltage ? { underVoltagePercentage: underVoltage } : {}),
  };
}

/**
 * Uploads the attachments, gathers the hub's diagnostics and sends the ticket (seed 000 §7); resolves with whether
 * its confirmation was e-mailed (not to an address the account has not verified).
 */
export async function sendTicket(services: Services, queryClient: QueryClient, session: Session, request: TicketRequest): Promise<{ confirmationSent: boolean }> {
  const { record } = session;
  const { data, tags, path } = request.wizard;
  const uploadTokens = await Promise.all(request.files.map((file) => upload(services, file)));
  const hub = data.hubId ? await hubFields(queryClient, session, data.hubId) : {};
  const body: TicketCreate = {
    subject: request.subject,
    message: request.message,
    name: `${record.firstname} ${record.lastname}`.trim(),
    email: record.email,
    tags: [...tags, ...(hub.homeyModel ? [hub.homeyModel] : [])],
    ...hub,
    ...(data.appId ? { appId: data.appId } : {}),
    ...(data.orderId ? { orderId: data.orderId } : {}),
    ...(data.subscriptionId ? { subscriptionId: data.subscriptionId } : {}),
    subscriptions: Object.keys(record.subscriptions).join(','),
    supportFormPath: path.join(' → '),
    uploadTokens,
  };
  try {
    const { data: answer } = await services.support.POST('/api/zendesk/ticket', { body });
    if (answer?.ticketCreated) return { confirmationSent: answer.confirmationSent };
  } catch (error) {
    console.error('The ticket could not be sent:', error);
  }
  throw new ShownError(texts.ticketFailed);
}
