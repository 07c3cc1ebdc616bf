import { randomUUID } from 'node:crypto';
import type { components } from '../../../generated/hub/flow.js';
import type { ItemRules } from '../../http/api.js';
import { badRequest } from '../../http/errors.js';
import type { HubContext, HubCore } from '../core/context.js';
import type { HubItems } from '../core/items.js';
import { requireFolder } from './flows.js';

export type FlowFolder = components['schemas']['FlowFolder'];
type FlowFolderCreate = components['schemas']['FlowFolderCreate'];
type FlowFolderUpdate = components['schemas']['FlowFolderUpdate'];

/** Folders nest; a folder cannot move into itself or below itself. */
export const folderRules: ItemRules<HubContext, HubItems['flowfolder'], FlowFolderCreate, FlowFolderUpdate> = {
  create(input, { hub }) {
    const { name, order = 0, parent = null } = input;
    requireFolder(hub, parent);
    const folder: FlowFolder = { id: randomUUID(), name: name!, order, parent };
    return folder;
  },
  update(folder, patch, { hub }) {
    const { name, order, parent } = patch;
    if (parent !== undefined && parent !== null) {
      requireFolder(hub, parent);
      for (let at: string | null = parent; at; at = hub.store.get('flowfolder', at)?.parent ?? null) {
        if (at === folder.id) throw badRequest('A folder cannot move into itself or one of its sub-folders');
      }
    }
    const updated: FlowFolder = { ...folder, name: name ?? folder.name, order: order ?? folder.order, parent: parent === undefined ? folder.parent : parent };
    return updated;
  },
};

/**
 * Deletes a folder, keeping what it held: its flows, advanced flows and sub-folders move up to its parent, each
 * saved (and announced) in the same transaction.
 */
export function removeFolder(hub: HubCore, id: string): void {
  hub.store.transaction(() => {
    const { parent } = hub.store.require('flowfolder', id, 'Flow folder');
    for (const type of ['flow', 'advancedflow'] as const) {
      for (const item of hub.store.values(type)) if (item.folder === id) hub.store.save(type, { ...item, folder: parent });
    }
    for (const child of hub.store.values('flowfolder')) if (child.parent === id) hub.store.save('flowfolder', { ...child, parent });
    hub.store.remove('flowfolder', id);
  });
}
