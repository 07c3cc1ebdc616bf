import type { QueryClient } from '@tanstack/react-query';
import type { Session } from '../auth/session-query.js';
import { texts } from '../final-steps/limits.js';
import { hubQueryOptions } from './hub-query.js';

/** Why an e-mail to a developer failed, in the seed's words: the offline text, or the problem with its reason. */
export class EmailFailure extends Error {
  constructor(readonly offline: boolean, reason: string) {
    super(offline ? texts.hubOffline : texts.emailFailed(reason.replace(/\.$/, '')));
  }
}

/**
 * apps.getAppStd on the chosen hub: the hub e-mails the message with the app's diagnostic report to its developer.
 * A hub that cannot make the report answers 500 (it is offline to the app); a hub that cannot be reached is too.
 */
export async function emailDeveloper(queryClient: QueryClient, session: Session, homeyId: string, appId: string, message: string): Promise<void> {
  let hub;
  try {
    hub = await queryClient.fetchQuery(hubQueryOptions(session.user, homeyId));
  } catch (error) {
    console.error('The hub could not be reached:', error);
    throw new EmailFailure(true, '');
  }
  try {
    await hub.apps.getAppStd({ id: appId, message });
  } catch (error) {
    const { statusCode, message: reason } = error as { statusCode?: number; message?: string };
    throw new EmailFailure(statusCode === 500, reason ?? 'Unknown error');
  }
}
