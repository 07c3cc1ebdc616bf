import * as manifest from '../../../generated/cloud/apps.operations.js';
import type { operations } from '../../../generated/cloud/apps.js';
import { defineGuardedApi, scopesSuffice } from '../../http/api.js';
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

const buildNo = (id: string) => Number(id);

/** The package's bytes travel beside the dispatcher, streamed (archives.ts); the rest have handlers here. */
const { uploadArchive, downloadArchive, ...dispatched } = manifest.operations;
export const rawOperations = { uploadArchive, downloadArchive };

/** Each operation that needs a token names who may call it (access.ts), decided before the body is read. */
export const appsApi = defineGuardedApi<operations, typeof dispatched, AppsContext>(
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
    syncApps: { guard: access.reviewerOnly, handle: (_args, { service }) => store.syncApps(service) },
    getAppsSummary: ({ secret }, { service }) => store.storeSummary(service, secret),
    getHighlightedApps: ({ platforms }, { service }) => store.highlighted(service, platforms),
    getHighlightedAppsV2: (args, { service }) => store.highlightSections(service, args),
    getAllLiveAppIDs: (args, { service }) => store.liveIds(service, args),
    getAllLiveApps: (args, { service }) => store.liveApps(service, args),
    discoverApps: (args, { service }) => store.discoverApps(service, args),
    getMyApps: { guard: scopesSuffice, handle: (_args, context) => apps.myApps(context) },
    getReviewApps: { guard: access.reviewerOnly, handle: (args, { service }) => review.reviewQueue(service, args) },

    // An app.
    getApp: { guard: access.releasedApp, handle: ({ appId }, { service }) => apps.appPage(service, appId) },
    deleteApp: { guard: access.reviewerOfApp, handle: ({ appId }, { service }) => apps.deleteApp(service, appId) },
    getAppSettings: { guard: access.developerOf, handle: ({ appId }, { service }) => apps.appSettings(service, appId) },
    updateAppSettings: { guard: access.developerOf, handle: ({ appId, ...patch }, { service }) => apps.updateAppSettings(service, appId, patch) },
    getAppChangelog: { guard: access.releasedApp, handle: ({ appId }, { service }) => apps.changelog(service, appId) },
    updateAppAuthor: { guard: access.authorOf, handle: ({ appId, userId }, context) => apps.changeAuthor(context, appId, userId) },
    transferAppToOrganization: { guard: access.authorOf, handle: ({ appId, orgId }, context) => apps.transferToOrganization(context, appId, orgId) },
    getAppIcon: { guard: access.releasedApp, handle: ({ appId }, { service }) => apps.appIcon(service, appId) },
    getAppInstall: ({ appId, ...args }, { service }) => builds.installOf(service, appId, args),
    getAppInstallStats: { guard: access.developerOf, handle: ({ appId }, { service }) => stats.countStats(service, appId, 'install') },
    getAppPageviews: { guard: access.developerOf, handle: ({ appId }, { service }) => stats.countStats(service, appId, 'pageview') },
    getAppDriversStats: { guard: access.developerOf, handle: ({ appId }, { service }) => stats.usageStats(service, appId, 'driver') },
    getAppFlowCardsStats: { guard: access.developerOf, handle: ({ appId }, { service }) => stats.usageStats(service, appId, 'flowcard') },
    reportAppUsage: async ({ appId, secret, homeyId, drivers, flowCards }, { service }) => {
      access.requireSecret(service, secret);
      await access.requireAppRow(service, appId);
      await stats.reportUsage(service, appId, homeyId, drivers ?? {}, flowCards ?? {});
    },

    // Builds and their packages.
    getBuilds: { guard: access.developerOrReviewer, handle: ({ appId }, { service }) => builds.listBuilds(service, appId) },
    createBuild: { guard: access.builderOf, handle: ({ appId, ...input }, context) => builds.createBuild(context, appId, input) },
    getBuild: { guard: access.developerOrReviewer, handle: ({ appId, buildId }, { service }) => builds.buildAnswer(service, appId, buildNo(buildId)) },
    getBuildMetrics: { guard: access.developerOrReviewer, handle: ({ appId, buildId, ...range }, { service }) => builds.buildMetrics(service, appId, buildNo(buildId), range) },
    getAgentReview: { guard: access.developerOrReviewer, handle: ({ appId, buildId }, { service }) => builds.agentReview(service, appId, buildNo(buildId)) },
    retryAgentReview: { guard: access.developerOrReviewer, handle: ({ appId, buildId }, context) => builds.runAgentReview(context.service, appId, buildNo(buildId), access.caller(context).userId) },
    updateBuildChannel: { guard: access.developerOrReviewer, handle: ({ appId, buildId, channel }, context) => builds.publishBuild(context, appId, buildNo(buildId), channel) },
    updateArchive: { guard: access.archiveDeveloper, handle: ({ archiveId, ...update }, context) => updateArchive(context.service, archiveId, update, access.caller(context).userId) },

    // Review.
    createSubmission: { guard: access.developerOf, handle: ({ appId, buildId, autoRelease }, { service }) => review.submit(service, appId, buildNo(buildId), autoRelease ?? false) },
    getSubmissionComments: { guard: access.developerOrReviewer, handle: ({ appId, buildId }, { service }) => review.comments(service, appId, buildNo(buildId)) },
    createSubmissionComment: { guard: access.developerOrReviewer, handle: ({ appId, buildId, text }, context) => review.comment(context, appId, buildNo(buildId), text) },
    retractSubmission: { guard: access.developerOf, handle: ({ appId, buildId }, { service }) => review.retract(service, appId, buildNo(buildId)) },
    approveSubmission: { guard: access.reviewerOfApp, handle: ({ appId, buildId }, context) => review.approve(context, appId, buildNo(buildId)) },
    rejectSubmission: { guard: access.reviewerOfApp, handle: ({ appId, buildId, comment }, context) => review.reject(context, appId, buildNo(buildId), comment) },

    // Users' side.
    getReviews: { guard: access.releasedApp, handle: ({ appId, ...page }, { service }) => feedback.reviews(service, appId, page) },
    updateReview: { guard: access.releasedApp, handle: ({ appId, 'If-None-Match': ifNoneMatch, ...input }, context) => feedback.writeReview(context, appId, input, ifNoneMatch === '*') },
    deleteReview: { guard: access.releasedApp, handle: ({ appId }, context) => feedback.deleteReview(context, appId) },
    getReviewsStats: { guard: access.releasedApp, handle: ({ appId }, { service }) => feedback.reviewStats(service, appId) },
    deleteAllReviews: { guard: access.reviewerOfApp, handle: ({ appId }, { service }) => feedback.deleteAllReviews(service, appId) },
    updateReviewResponse: { guard: access.developerOf, handle: ({ appId, userId, response }, { service }) => feedback.respond(service, appId, userId, response) },
    deleteReviewResponse: { guard: access.developerOf, handle: async ({ appId, userId }, { service }) => void (await feedback.respond(service, appId, userId, null)) },
    getThanks: { guard: access.developerOf, handle: ({ appId }, { service }) => feedback.thanks(service, appId) },
    sayThanks: { guard: access.releasedApp, handle: ({ appId }, context) => feedback.sayThanks(context, appId) },
    getAppSuggestions: { guard: access.developerOf, handle: ({ appId, ...page }, { service }) => feedback.suggestions(service, appId, page) },
    createAppSuggestion: { guard: access.releasedApp, handle: ({ appId, suggestionText }, context) => feedback.suggest(context, appId, suggestionText) },
    createCrash: { guard: access.releasedApp, handle: ({ appId, ...input }, context) => crashes.reportCrash(context, appId, input) },
    getCrashes: { guard: access.developerOrReviewer, handle: ({ appId, buildId, ...page }, { service }) => crashes.crashesOf(service, appId, buildNo(buildId), page) },
    getCrashesStats: { guard: access.developerOrReviewer, handle: ({ appId, buildId }, { service }) => crashes.crashStats(service, appId, buildNo(buildId)) },
    replyToCrash: { guard: access.crashDeveloper, handle: ({ crashId, ...input }, context) => crashes.replyToCrash(context, crashId, input) },

    // Organizations.
    getMyOrganizations: { guard: scopesSuffice, handle: (_args, context) => orgs.myOrganizations(context) },
    createOrganization: { guard: scopesSuffice, handle: ({ name }, context) => orgs.createOrganization(context, name) },
    getOrganization: { guard: access.orgMember('developer'), handle: ({ orgId }, context) => orgs.organizationView(context, orgId) },
    deleteOrganization: { guard: access.orgMember('owner'), handle: ({ orgId }, { service }) => orgs.deleteOrganization(service, orgId) },
    updateOrganizationName: { guard: access.orgMember('admin'), handle: ({ orgId, name }, context) => orgs.renameOrganization(context, orgId, name) },
    inviteMemberToOrganization: { guard: access.orgMember('admin'), handle: ({ orgId, email, role }, context) => orgs.invite(context, orgId, email, role) },
    acceptMemberInviteToOrganization: { guard: access.existingOrg, handle: ({ orgId, inviteToken }, context) => orgs.acceptInvite(context, orgId, inviteToken) },
    updateMemberRoleInOrganization: { guard: access.orgMember('owner'), handle: ({ orgId, memberId, role }, context) => orgs.changeRole(context, orgId, memberId, role) },
    removeMemberFromOrganization: { guard: access.orgAdminOrSelf, handle: ({ orgId, memberId }, context) => orgs.removeMember(context, orgId, memberId) },
  },
);
