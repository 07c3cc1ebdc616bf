import * as manifest from '../../../generated/cloud/setup.operations.js';
import type { operations } from '../../../generated/cloud/setup.js';
import { defineApi } from '../../http/api.js';
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

export const setupApi = defineApi<operations, typeof manifest.operations, SetupContext>(
  manifest,
  {
    createSession: ({ sn }, context) => createSession(context.service.db, userOf(context), sn, now(context)),
    getSession: ({ sessionId }, context) => getSession(context.service.db, sessionId, now(context)),
    updateSession: ({ sessionId, data }, context) => updateSession(context.service.db, sessionId, data, now(context)),
    deleteSession: ({ sessionId }, context) => deleteSession(context.service.db, sessionId),
    getSessionState: async ({ sessionId }, context) => stateOf(await requireSessionRow(context.service.db, sessionId, now(context))),
    setSessionState: ({ sessionId, data }, context) => setState(context.service.db, sessionId, data, now(context)),
    getSessionCommands: ({ sessionId }, context) => commandsOf(context.service.db, sessionId),
    createSessionCommand: ({ sessionId, manager, command, args }, context) => sendCommand(context.service.db, sessionId, { manager, command, args }, now(context)),
    updateSessionCommandResponse: ({ sessionId, commandId, result }, context) => answerCommand(context.service.db, sessionId, commandId, result, now(context)),
    loginByDelegationToken: ({ sessionId, data }, context) => sendCommand(context.service.db, sessionId, loginCommand(data.token), now(context)),
    updateSessionHomey: ({ sessionId, data }, context) => sendCommand(context.service.db, sessionId, resetCommand(data), now(context)),
    getSessionVoice: ({ language }) => voiceFor(language),
    getSessionBackups: (_args, context) => context.service.backupsOf(userOf(context)),
    getTimezone: ({ ip }, { remoteAddress }) => {
      const timezone = rangeAt(ip ?? remoteAddress)?.timezone;
      if (!timezone) throw notFound('Time zone of this address');
      return { timezone };
    },
  },
  {
    guards: {
      getSession: usersSession,
      updateSession: usersSession,
      deleteSession: usersSession,
      getSessionState: usersSession,
      createSessionCommand: usersSession,
      loginByDelegationToken: usersSession,
      updateSessionHomey: usersSession,
      getSessionVoice: usersSession,
      getSessionBackups: usersSession,
      setSessionState: hubsSession,
      getSessionCommands: hubsSession,
      updateSessionCommandResponse: hubsSession,
    },
  },
);
