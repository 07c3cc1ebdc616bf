import { AVATAR_TYPES } from '../constants.js';
import { messages, NotFoundError } from '../errors.js';
import type { HubAPI } from '../hub/hub-api.js';
import type { SignedInCloud } from './signed-in-cloud.js';
import type { HubRecord } from './discovery.js';
import type { HubSessionOptions } from './hub-session.js';
import type { UserRecord } from './service.js';

/** What a CloudUser is made from: a user's id and hubs at least (a stored user, a test's), any other field of the User. */
export type CloudUserFields = Pick<UserRecord, '_id'> & Partial<Omit<UserRecord, 'homeys'>> & { homeys?: readonly HubRecord[] };

type AvatarType = (typeof AVATAR_TYPES)[number];

/** The signed-in user: its fields, `id` for `_id`, its roles and its hubs. */
export class CloudUser {
  readonly id: string;
  readonly firstname?: string;
  readonly lastname?: string;
  readonly email?: string;
  readonly avatar?: string | null;
  readonly roleIds: readonly string[];
  readonly homeys: readonly HubRecord[];
  readonly devices: readonly UserRecord['devices'][number][];

  constructor(private readonly cloud: SignedInCloud, record: CloudUserFields) {
    this.id = record._id;
    this.firstname = record.firstname;
    this.lastname = record.lastname;
    this.email = record.email;
    this.avatar = record.avatar;
    this.roleIds = record.roleIds ?? record.roles ?? [];
    this.homeys = record.homeys ?? [];
    this.devices = record.devices ?? [];
  }

  hasRole(roleId: string): boolean {
    return this.roleIds.includes(roleId);
  }

  getHomeys(): readonly HubRecord[] {
    return this.homeys;
  }

  getHomeyById(id: string): HubRecord {
    const homey = this.homeys.find((record) => (record._id ?? record.id) === id);
    if (!homey) throw new NotFoundError(messages.homeyNotFound(id));
    return homey;
  }

  getFirstHomey(): HubRecord {
    const [homey] = this.homeys;
    if (!homey) throw new NotFoundError(messages.noHomeyAvailable);
    return homey;
  }

  /** Finds the hub, signs in to it with a delegation token (or the stored session) and answers its client. */
  async authenticateHomey({ homeyId, ...options }: { homeyId?: string } & HubSessionOptions = {}): Promise<HubAPI> {
    const hub = homeyId ? this.getHomeyById(homeyId) : this.getFirstHomey();
    // Loaded when first needed: a browser app that only signs in does not download the hub client and socket.io.
    const { openHubSession } = await import('./hub-session.js');
    return openHubSession(this.cloud, hub, options);
  }

  /** POST /user/{id}/avatar as multipart (field avatar); `jpg` is sent as image/jpeg. Answers the updated user. */
  async uploadAvatar(image: Uint8Array | ArrayBuffer, type: AvatarType): Promise<UserRecord> {
    if (!(image instanceof Uint8Array) && !(image instanceof ArrayBuffer)) throw new TypeError(messages.invalidAvatar);
    if (!AVATAR_TYPES.includes(type)) throw new TypeError(messages.invalidAvatarType);
    const form = new FormData();
    const bytes = image instanceof Uint8Array ? new Uint8Array(image) : new Uint8Array(image);
    form.set('avatar', new Blob([bytes], { type: `image/${type === 'jpg' ? 'jpeg' : type}` }), `avatar.${type}`);
    return this.cloud.postAvatar(this.id, form);
  }
}
