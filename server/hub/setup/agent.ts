import type { components } from '../../../generated/hub/system.js';
import { ApiError, badRequest, conflict, forbidden } from '../../http/errors.js';
import type { Hub } from '../core/context.js';
import type { HubService } from '../core/service.js';
import type { DemoHomeHub } from '../demo/home.js';
import { ownerOf } from '../users/users.js';
import { joinSetupSession, SetupServiceError, type OwnApi, type SetupLink, type SetupOutcome, type SetupRun } from './session.js';

export type SetupProgress = components['schemas']['SystemSetupProgress'];
type SetupLinkInput = components['schemas']['SystemSetupLink'];

/**
 * The hub's part in its setup: at most one session at a time, joined when a client hands it one (the system
 * manager's joinSetupSession) or when the hub's code does (RunningHub.joinSetup), and its state for getSetupSession.
 * Kept in memory: a hub restarted during its setup is handed a new session (its service takes a join once).
 */
export class SetupAgent {
  private progress: Omit<SetupProgress, 'sn'> = { state: 'none', setupUrl: null, sessionId: null, failure: null };
  private run?: SetupRun;
  /** How its commands reach the hub's managers: given once the hub's API is made, after the services (serve). */
  private ownApi?: OwnApi;

  // A setup's reset may erase the hub, which seeds the demo home again: it reads what that seed reads.
  constructor(private readonly hub: DemoHomeHub) {}

  /** Its commands are made through `ownApi` (the hub's dispatcher, as its owner). */
  serve(ownApi: OwnApi): void {
    this.ownApi = ownApi;
  }

  state(): SetupProgress {
    return { ...this.progress, sn: this.hub.config.serialNumber ?? null };
  }

  /** Takes part in the session until it is ready or gone; 409 while it takes part in another. */
  join(link: SetupLink, options?: { pollMs?: number }): SetupRun {
    if (this.progress.state === 'joining' || this.progress.state === 'connected') throw conflict('This hub takes part in a setup session already');
    if (!this.ownApi) throw new Error('The hub joins no setup session before its API is made');
    const run = joinSetupSession(this.hub, link, this.ownApi, options);
    this.run = run;
    const { setupUrl, sessionId } = link;
    this.progress = { ...this.progress, state: 'joining', setupUrl, sessionId, failure: null };
    const mine = (change: Partial<Omit<SetupProgress, 'sn'>>) => {
      if (this.run === run) this.progress = { ...this.progress, ...change };
    };
    const ended = (outcome: SetupOutcome) => mine(outcome.state === 'failed' ? { state: 'failed', failure: outcome.failure } : { state: outcome.state });
    // A refused join ends the run now, before the hand-over answers, so that the next one is not told to wait.
    run.joined.then(
      () => mine({ state: 'connected' }),
      (error: Error) => ended(error instanceof SetupServiceError && error.gone ? { state: 'gone' } : { state: 'failed', failure: error.message }),
    );
    void run.done.then(ended);
    return run;
  }

  /**
   * A client's hand-over, which needs no token: only a hub without an owner (its setup not done) takes one. Joins
   * with the hub's serial number and answers once the service has heard it, or says why it could not, as the
   * client's fault (4xx) where it is.
   */
  async handOver(input: SetupLinkInput): Promise<SetupProgress> {
    if (ownerOf(this.hub)) throw forbidden('This hub has an owner: only a hub without one (new, or factory reset) takes a setup session');
    const configured = this.hub.config.setupUrl;
    // A hub that knows its setup service calls no other: the hand-over comes from anyone on the local network.
    if (configured && input.setupUrl !== undefined && input.setupUrl.replace(/\/+$/, '') !== configured.replace(/\/+$/, '')) {
      throw badRequest('This hub takes sessions of its own setup service only: leave setupUrl out');
    }
    const setupUrl = input.setupUrl ?? configured;
    if (!setupUrl) throw badRequest('This hub has no setup service configured: name its setupUrl');
    const run = this.join({ setupUrl, sessionId: input.sessionId, hubToken: input.hubToken, ...(this.hub.config.serialNumber ? { sn: this.hub.config.serialNumber } : {}) });
    try {
      await run.joined;
    } catch (error) {
      run.stop();
      throw refusal(error);
    }
    return this.state();
  }

  stop(): void {
    this.run?.stop();
  }
}

/** The service's refusal of the join, as the hub's answer to the client that handed it the session. */
function refusal(error: unknown): ApiError {
  if (!(error instanceof SetupServiceError)) return new ApiError(502, 'bad_gateway', 'The setup service gave an answer the hub cannot use');
  if (error.gone) return new ApiError(400, 'invalid_setup_session', 'The setup service knows no such session with this hub token (or it has expired)');
  if (error.status === 409) return conflict(error.message);
  return new ApiError(502, 'bad_gateway', error.message);
}

declare module '../core/context.js' {
  interface Hub {
    /** The hub's part in its setup (the setup agent service's; the system manager's setup operations use it). */
    setup: SetupAgent;
  }
}

/** The hub's setup agent, served with the hub's API once it is made (core/hub.ts); its stop ends the session it takes part in. */
export const setupAgent: HubService<DemoHomeHub, Pick<Hub, 'setup'>> = {
  name: 'setup agent',
  start: (hub) => {
    const setup = new SetupAgent(hub);
    return { gives: { setup }, stop: () => setup.stop() };
  },
};
