import * as manifest from '../../generated/support.operations.js';
import type { operations } from '../../generated/support.js';
import { defineGuardedApi, scopesSuffice } from '../http/api.js';
import { PARTNER_AUTHOR_IDS } from '../common/partners.js';
import { requireArticle } from './articles.js';
import type { SupportContext } from './context.js';
import { createTicket, requireTicket, ticketsOf } from './tickets.js';
import { deleteUpload } from './uploads.js';

/** Where the form finds the services it calls (set by whoever runs the back end: npm start). */
export interface FormServices {
  cloudUrl: string;
  clientId: string;
  storeUrl: string;
  appsUrl: string;
}

/** createAttachment streams its body to disk (uploads.ts), the help centre's pages are HTML (help-centre.ts); the rest are handlers here. */
const { createAttachment, getHelpCentre, getHelpArticlePage, ...dispatched } = manifest.operations;

export function supportApi(services: FormServices) {
  return defineGuardedApi<operations, typeof dispatched, SupportContext>(
    { manager: manifest.manager, operations: dispatched },
    {
      getConfig: () => ({ ...services, partnerAuthorIds: [...PARTNER_AUTHOR_IDS] }),
      // The caller's own uploads and tickets, looked up by the caller's account: the token is the whole check.
      getArticle: { guard: scopesSuffice, handle: ({ id }, { service }) => requireArticle(service.db, id, service.publicUrl) },
      deleteAttachment: { guard: scopesSuffice, handle: ({ token }, { session, service }) => deleteUpload(service, session.userId, token) },
      getTickets: { guard: scopesSuffice, handle: (_args, { session, service }) => ticketsOf(service, session.userId) },
      getTicket: { guard: scopesSuffice, handle: ({ id }, { session, service }) => requireTicket(service, session.userId, id) },
      createTicket: { guard: scopesSuffice, handle: async (input, { session, service }) => ({ ticketCreated: true, ...(await createTicket(service, session, input)) }) },
    },
  );
}
