import * as manifest from '../../../generated/cloud/apps.operations.js';
import type { operations } from '../../../generated/cloud/apps.js';
import { defineApi, type Guard } from '../../http/api.js';
import * as access from './access.js';
import * as apps from './apps.js';
import { updateArchive } from './archives.js';
import * as builds from './builds.js';
import type { AppsContext } from './context.js';
import * as crashes from './crashes.js';
import * as feedback from './feedback.js';
import * as orgs from './organizations.js';
import * as stats from './stats.js';
import * as store from './storefront.js';
import * as review from './submissions.js';

export type { AppsContext } from './context.js';

/** Who may call each operation beyond its token, decided from the token and the path before the body is read. */
const guards: Record<string, Guard<AppsContext>> = {
  getApp: access.releasedApp,
  getAppChangelog: access.releasedApp,
  getAppIcon: access.releasedApp,
  getReviews: access.releasedApp,
  getReviewsStats: access.releasedApp,
  syncApps: access.reviewerOnly,
  getMyApps: access.signedIn,
  getReviewApps: access.reviewerOnly,
  deleteApp: access.reviewerOfApp,
  getAppSettings: access.developerOf,
  updateAppSettings: access.developerOf,
  updateAppAuthor: access.authorOf,
  transferAppToOrganization: access.authorOf,
  getAppInstallStats: access.developerOf,
  getAppPageviews: access.developerOf,
  getAppDriversStats: access.developerOf,
  getAppFlowCardsStats: access.developerOf,
  getBuilds: access.developerOrReviewer,
  createBuild: access.builderOf,
  getBuild: access.developerOrReviewer,
  getBuildMetrics: access.developerOrReviewer,
  getAgentReview: access.developerOrReviewer,
  retryAgentReview: access.developerOrReviewer,
  getCrashes: access.developerOrReviewer,
  getCrashesStats: access.developerOrReviewer,
  updateBuildChannel: access.developerOrReviewer,
  createSubmission: access.developerOf,
  getSubmissionComments: access.developerOrReviewer,
  createSubmissionComment: access.developerOrReviewer,
  retractSubmission: access.developerOf,
  approveSubmission: access.reviewerOfApp,
  rejectSubmission: access.reviewerOfApp,
  updateReview: access.releasedApp,
  deleteReview: access.releasedApp,
  getThanks: access.developerOf,
  sayThanks: access.releasedApp,
  deleteAllReviews: access.reviewerOfApp,
  updateReviewResponse: access.developerOf,
  deleteReviewResponse: access.developerOf,
  createCrash: access.releasedApp,
  replyToCrash: access.crashDeveloper,
  getAppSuggestions: access.developerOf,
  createAppSuggestion: access.releasedApp,
  updateArchive: access.archiveDeveloper,
  getMyOrganizations: access.signedIn,
  createOrganization: access.signedIn,
  getOrganization: access.orgMember('developer'),
  deleteOrganization: access.orgMember('owner'),
  updateOrganizationName: access.orgMember('admin'),
  inviteMemberToOrganization: access.orgMember('admin'),
  acceptMemberInviteToOrganization: access.existingOrg,
  updateMemberRoleInOrganization: access.orgMember('owner'),
  removeMemberFromOrganization: access.orgAdminOrSelf,
};

const buildNo = (id: string) => Number(id);

/** The package's bytes travel beside the dispatcher, streamed (archives.ts); the rest have handlers here. */
const { uploadArchive, downloadArchive, ...dispatched } = manifest.operations;
export const rawOperations = { uploadArchive, downloadArchive };

export const appsApi = defineApi<operations, typeof dispatched, AppsContext>(
  { manager: manifest.manager, operations: dispatched },
  {
    // The store front (public) and the platform's own reads (secret).
    getApps: (args, { service }) => store.listApps(service, args),
    searchApps: ({ query, language, ...hub }, { service }) => store.searchApps(service, { query, language, ...hub }),
    searchAppsBy433MhzSignal: (args, { service }) => store.searchRf433(service, args),
    searchZigbeeDriver: (args, { service }) => store.searchZigbee(service, args),
    searchZwaveDriver: (args, { service }) => store.searchZwave(service, args),
    searchMatterDriver: (args, { service }) => store.searchMatter(service, args),
    browseApps: (args, { service }) => store.browseApps(service, args),
    syncApps: (_args, { service }) => store.syncApps(service),
    getAppsSummary: ({ secret }, { service }) => store.storeSummary(service, secret),
    getHighlightedApps: ({ platforms }, { service }) => store.highlighted(service, platforms),
    getHighlightedAppsV2: (args, { service }) => store.highlightSections(service, args),
    getAllLiveAppIDs: (args, { service }) => store.liveIds(service, args),
    getAllLiveApps: (args, { service }) => store.liveApps(service, args),
    discoverApps: (args, { service }) => store.discoverApps(service, args),
    getMyApps: (_args, context) => apps.myApps(context),
    getReviewApps: (args, { service }) => review.reviewQueue(service, args),

    // An app.
    getApp: ({ appId }, { service }) => apps.appPage(service, appId),
    deleteApp: ({ appId }, { service }) => apps.deleteApp(service, appId),
    getAppSettings: ({ appId }, { service }) => apps.appSettings(service, appId),
    updateAppSettings: ({ appId, ...patch }, { service }) => apps.updateAppSettings(service, appId, patch),
    getAppChangelog: ({ appId }, { service }) => apps.changelog(service, appId),
    updateAppAuthor: ({ appId, userId }, context) => apps.changeAuthor(context, appId, userId),
    transferAppToOrganization: ({ appId, orgId }, context) => apps.transferToOrganization(context, appId, orgId),
    getAppIcon: ({ appId }, { service }) => apps.appIcon(service, appId),
    getAppInstall: ({ appId, ...args }, { service }) => builds.installOf(service, appId, args),
    getAppInstallStats: ({ appId }, { service }) => stats.countStats(service, appId, 'install'),
    getAppPageviews: ({ appId }, { service }) => stats.countStats(service, appId, 'pageview'),
    getAppDriversStats: ({ appId }, { service }) => stats.usageStats(service, appId, 'driver'),
    getAppFlowCardsStats: ({ appId }, { service }) => stats.usageStats(service, appId, 'flowcard'),
    reportAppUsage: async ({ appId, secret, homeyId, drivers, flowCards }, { service }) => {
      access.requireSecret(service, secret);
      await access.requireAppRow(service, appId);
      await stats.reportUsage(service, appId, homeyId, drivers ?? {}, flowCards ?? {});
    },

    // Builds and their packages.
    getBuilds: ({ appId }, { service }) => builds.listBuilds(service, appId),
    createBuild: ({ appId, ...input }, context) => builds.createBuild(context, appId, input),
    getBuild: ({ appId, buildId }, { service }) => builds.buildAnswer(service, appId, buildNo(buildId)),
    getBuildMetrics: ({ appId, buildId, ...range }, { service }) => builds.buildMetrics(service, appId, buildNo(buildId), range),
    getAgentReview: ({ appId, buildId }, { service }) => builds.agentReview(service, appId, buildNo(buildId)),
    retryAgentReview: ({ appId, buildId }, context) => builds.runAgentReview(context.service, appId, buildNo(buildId), access.caller(context).userId),
    updateBuildChannel: ({ appId, buildId, channel }, context) => builds.publishBuild(context, appId, buildNo(buildId), channel),
    updateArchive: ({ archiveId, ...update }, context) => updateArchive(context.service, archiveId, update, access.caller(context).userId),

    // Review.
    createSubmission: ({ appId, buildId, autoRelease }, { service }) => review.submit(service, appId, buildNo(buildId), autoRelease ?? false),
    getSubmissionComments: ({ appId, buildId }, { service }) => review.comments(service, appId, buildNo(buildId)),
    createSubmissionComment: ({ appId, buildId, text }, context) => review.comment(context, appId, buildNo(buildId), text),
    retractSubmission: ({ appId, buildId }, { service }) => review.retract(service, appId, buildNo(buildId)),
    approveSubmission: ({ appId, buildId }, context) => review.approve(context, appId, buildNo(buildId)),
    rejectSubmission: ({ appId, buildId, comment }, context) => review.reject(context, appId, buildNo(buildId), comment),

    // Users' side.
    getReviews: ({ appId, ...page }, { service }) => feedback.reviews(service, appId, page),
    updateReview: ({ appId, 'If-None-Match': ifNoneMatch, ...input }, context) => feedback.writeReview(context, appId, input, ifNoneMatch === '*'),
    deleteReview: ({ appId }, context) => feedback.deleteReview(context, appId),
    getReviewsStats: ({ appId }, { service }) => feedback.reviewStats(service, appId),
    deleteAllReviews: ({ appId }, { service }) => feedback.deleteAllReviews(service, appId),
    updateReviewResponse: ({ appId, userId, response }, { service }) => feedback.respond(service, appId, userId, response),
    deleteReviewResponse: async ({ appId, userId }, { service }) => void (await feedback.respond(service, appId, userId, null)),
    getThanks: ({ appId }, { service }) => feedback.thanks(service, appId),
    sayThanks: ({ appId }, context) => feedback.sayThanks(context, appId),
    getAppSuggestions: ({ appId, ...page }, { service }) => feedback.suggestions(service, appId, page),
    createAppSuggestion: ({ appId, suggestionText }, context) => feedback.suggest(context, appId, suggestionText),
    createCrash: ({ appId, ...input }, context) => crashes.reportCrash(context, appId, input),
    getCrashes: ({ appId, buildId, ...page }, { service }) => crashes.crashesOf(service, appId, buildNo(buildId), page),
    getCrashesStats: ({ appId, buildId }, { service }) => crashes.crashStats(service, appId, buildNo(buildId)),
    replyToCrash: ({ crashId, ...input }, context) => crashes.replyToCrash(context, crashId, input),

    // Organizations.
    getMyOrganizations: (_args, context) => orgs.myOrganizations(context),
    createOrganization: ({ name }, context) => orgs.createOrganization(context, name),
    getOrganization: ({ orgId }, context) => orgs.organizationView(context, orgId),
    deleteOrganization: ({ orgId }, { service }) => orgs.deleteOrganization(service, orgId),
    updateOrganizationName: ({ orgId, name }, context) => orgs.renameOrganization(context, orgId, name),
    inviteMemberToOrganization: ({ orgId, email, role }, context) => orgs.invite(context, orgId, email, role),
    acceptMemberInviteToOrganization: ({ orgId, inviteToken }, context) => orgs.acceptInvite(context, orgId, inviteToken),
    updateMemberRoleInOrganization: ({ orgId, memberId, role }, context) => orgs.changeRole(context, orgId, memberId, role),
    removeMemberFromOrganization: ({ orgId, memberId }, context) => orgs.removeMember(context, orgId, memberId),
  },
  { guards },
);
