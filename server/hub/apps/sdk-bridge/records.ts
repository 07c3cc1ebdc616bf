import { badRequest, conflict } from '../../../http/errors.js';
import type { Hub } from '../../core/context.js';
import type { StoredLog } from '../../insights/insights.js';
import { createAppImage, imagePicture, removeAppImage, requireOwnImage, updateAppImage } from '../../images/app-images.js';
import { requireImage } from '../../images/camera.js';
import { appUri } from '../app-record.js';
import type { SdkRequests } from './requests.js';

const logIdOf = (appId: string, id: unknown) => `${appUri(appId)}:${String(id)}`;
/** What the app's InsightsLog holds (sdk/records.cjs): its id within the app, and its options. */
const asSdkLog = (appId: string, log: StoredLog) => ({
  name: log.id.slice(appUri(appId).length + 1),
  options: { title: log.title, type: log.type, units: log.units, decimals: log.decimals },
});

const ownLog = (hub: Hub, appId: string, id: unknown) => hub.insights.requireLog(logIdOf(appId, id), appUri(appId));

/** A log of the app, next to the devices' logs (owner `homey:app:<id>`); a second log of one id is refused. */
function createLog(hub: Hub, appId: string, { id, options }: Record<string, unknown>) {
  const { title, type, units, decimals } = (options ?? {}) as Record<string, unknown>;
  if (typeof id !== 'string' || !/^[A-Za-z0-9_.-]{1,100}$/.test(id)) throw badRequest('A log id is 1 to 100 letters, digits, _ . or -');
  const name = typeof title === 'string' ? title : (title as Record<string, string> | undefined)?.en;
  if (!name || name.length > 100) throw badRequest('A log has a title of 1 to 100 characters');
  if (type !== 'number' && type !== 'boolean') throw badRequest('A log holds numbers or booleans (type number or boolean)');
  if (decimals !== undefined && (!Number.isInteger(decimals) || (decimals as number) < 0)) throw badRequest('decimals is a whole number from 0');
  const logId = logIdOf(appId, id);
  if (hub.store.get('log', logId)) throw conflict(`The app has a log ${id} already`);
  const log = hub.insights.addOwnLog({
    id: logId, ownerUri: appUri(appId), ownerId: appId, ownerName: hub.store.get('app', appId)?.name ?? appId, title: name,
    titleTrue: null, titleFalse: null, type, units: typeof units === 'string' ? units : null, decimals: (decimals as number | undefined) ?? null,
  });
  return asSdkLog(appId, log);
}

function createEntry(hub: Hub, appId: string, { id, value }: Record<string, unknown>): void {
  const log = ownLog(hub, appId, id);
  const fits = log.type === 'boolean' ? typeof value === 'boolean' : typeof value === 'number' && Number.isFinite(value);
  if (!fits) throw badRequest(`Log ${String(id)} holds ${log.type}s`);
  hub.insights.addEntry(log, value as number | boolean);
}

export const recordRequests: SdkRequests = {
  'insights.getLogs': (hub, appId) => hub.store.values('log').filter((log) => log.ownerUri === appUri(appId)).map((log) => asSdkLog(appId, log)),
  'insights.getLog': (hub, appId, { id }) => asSdkLog(appId, ownLog(hub, appId, id)),
  'insights.createLog': createLog,
  'insights.createEntry': createEntry,
  'insights.deleteLog': (hub, appId, { id }) => hub.insights.deleteLog(ownLog(hub, appId, id).id),
  'images.create': (hub, appId) => ({ id: createAppImage(hub, appUri(appId)).id }),
  'images.update': (hub, appId, { id, ...picture }) => {
    updateAppImage(hub, requireOwnImage(hub, appUri(appId), id), picture);
  },
  'images.unregister': (hub, appId, { id }) => removeAppImage(hub, requireOwnImage(hub, appUri(appId), id)),
  /** Any image of the home (an image token dropped on the app's card), as its picture is shown. */
  'images.read': async (hub, _appId, { id }) => {
    const image = requireImage(hub, String(id));
    const { type, body } = await imagePicture(hub, image);
    return { filename: `${image.id}.${type.split('/')[1]!.replace('+xml', '')}`, contentType: type, data: body.toString('base64') };
  },
};
