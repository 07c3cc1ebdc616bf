import * as manifest from '../../../generated/hub/insights.operations.js';
import type { operations } from '../../../generated/hub/insights.js';
import { defineApi } from '../../http/api.js';
import type { HubContextOf } from '../core/context.js';

export const insights = defineApi<operations, typeof manifest.operations, HubContextOf<'insights'>>(manifest, {
  getState: (_args, { hub }) => ({ logCount: hub.store.count('log') }),
  getStorage: (_args, { hub }) => hub.insights.storage(),
  getLogs: (_args, { hub }) => hub.insights.logs(),
  getLog: ({ id }, { hub }) => hub.insights.present(hub.insights.requireLog(id)),
  updateLog({ uri, id, log: patch }, { hub }) {
    const { id: _ignored, ...changes } = patch;
    return hub.insights.updateLog(hub.insights.requireLog(id, uri), changes);
  },
  deleteLog({ uri, id }, { hub }) {
    hub.insights.deleteLog(hub.insights.requireLog(id, uri).id);
  },
  deleteLogs: (_args, { hub }) => hub.insights.deleteAll(),
  getLogEntries: ({ uri, id, resolution = 'last24Hours' }, { hub }) => hub.insights.entries(hub.insights.requireLog(id, uri), resolution),
  deleteLogEntries({ uri, id }, { hub }) {
    hub.insights.deleteEntries(hub.insights.requireLog(id, uri));
  },
});
