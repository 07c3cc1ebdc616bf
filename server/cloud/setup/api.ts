import * as manifest from '../../../generated/cloud/setup.operations.js';
import type { operations } from '../../../generated/cloud/setup.js';
import { defineGuardedApi, scopesSuffice } from '../../http/api.js';
import { notFound } from '../../http/errors.js';
import type { CloudSession } from '../callers/identity.js';
import { rangeAt } from '../geolocate/locate.js';
import { hubsSession, usersSession, type SetupContext } from './callers.js';
import { answerCommand, loginCommand, resetCommand, sendCommand } from './commands.js';
import { commandsOf, createSession, deleteSession, getSession, requireSessionRow, setState, stateOf, updateSession } from './sessions.js';
import { voiceFor } from './voices.js';

const now = (context: SetupContext) => context.service.clock.now();
/** The user of a call whose scope (account.readonly) only an account token has. */
const userOf = (context: SetupContext) => (context.session as CloudSession).userId;

export const setupApi = defineGuardedApi<operations, typeof manifest.operations, SetupContext>(
  manifest,
  {
    createSession: { guard: scopesSuffice, handle: ({ sn }, context) => createSession(context.service.db, userOf(context), sn, now(context)) },
    getSession: { guard: usersSession, handle: ({ sessionId }, context) => getSession(context.service.db, sessionId, now(context)) },
    updateSession: { guard: usersSession, handle: ({ sessionId, data }, context) => updateSession(context.service.db, sessionId, data, now(context)) },
    deleteSession: { guard: usersSession, handle: ({ sessionId }, context) => deleteSession(context.service.db, sessionId) },
    getSessionState: { guard: usersSession, handle: async ({ sessionId }, context) => stateOf(await requireSessionRow(context.service.db, sessionId, now(context))) },
    setSessionState: { guard: hubsSession, handle: ({ sessionId, data }, context) => setState(context.service.db, sessionId, data, now(context)) },
    getSessionCommands: { guard: hubsSession, handle: ({ sessionId }, context) => commandsOf(context.service.db, sessionId) },
    createSessionCommand: { guard: usersSession, handle: ({ sessionId, manager, command, args }, context) => sendCommand(context.service.db, sessionId, { manager, command, args }, now(context)) },
    updateSessionCommandResponse: { guard: hubsSession, handle: ({ sessionId, commandId, result }, context) => answerCommand(context.service.db, sessionId, commandId, result, now(context)) },
    loginByDelegationToken: { guard: usersSession, handle: ({ sessionId, data }, context) => sendCommand(context.service.db, sessionId, loginCommand(data.token), now(context)) },
    updateSessionHomey: { guard: usersSession, handle: ({ sessionId, data }, context) => sendCommand(context.service.db, sessionId, resetCommand(data), now(context)) },
    getSessionVoice: { guard: usersSession, handle: ({ language }) => voiceFor(language) },
    getSessionBackups: { guard: usersSession, handle: (_args, context) => context.service.backupsOf(userOf(context)) },
    getTimezone: ({ ip }, { remoteAddress }) => {
      const timezone = rangeAt(ip ?? remoteAddress)?.timezone;
      if (!timezone) throw notFound('Time zone of this address');
      return { timezone };
    },
  },
);
