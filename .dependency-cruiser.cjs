/**
 * The rooms of the code and the rules between them (docs/design.md, "Folders"), checked by `npm test`
 * (scripts/test.ts runs `depcruise --config .dependency-cruiser.cjs server client form/src`).
 *
 * Tests and their helpers (`*.test.ts`, `testing/` folders) may cross between hub, cloud and client, because an end
 * to end test starts both sides; every other rule, the cycles included, holds for them too.
 */
const TESTS = '(\\.test\\.tsx?$|\\.e2e\\.test\\.ts$|/testing/)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'client-not-to-server',
      comment: 'The client library is a package of its own (client/library-imports.test.ts): it imports nothing of the servers.',
      severity: 'error',
      from: { path: '^client/', pathNot: TESTS },
      to: { path: '^server/' },
    },
    {
      name: 'server-only-client-scopes',
      comment: "Of the client the servers import only its scope matcher (client/scopes.ts), the protocol's one home of scope matching, which imports nothing.",
      severity: 'error',
      from: { path: '^server/', pathNot: TESTS },
      to: { path: '^client/', pathNot: '^client/scopes\\.ts$' },
    },
    {
      name: 'cloud-not-to-hub',
      comment: 'What the cloud and the hub both know lives in server/common/.',
      severity: 'error',
      from: { path: '^server/cloud/', pathNot: TESTS },
      to: { path: '^server/hub/' },
    },
    {
      name: 'hub-not-to-cloud',
      comment: 'What the hub and the cloud both know lives in server/common/.',
      severity: 'error',
      from: { path: '^server/hub/', pathNot: TESTS },
      to: { path: '^server/cloud/' },
    },
    {
      name: 'support-not-to-hub',
      comment: 'The support back end is a cloud service: it knows hubs only through server/common/.',
      severity: 'error',
      from: { path: '^server/support/', pathNot: TESTS },
      to: { path: '^server/hub/' },
    },
    {
      name: 'common-not-to-sides',
      comment: 'server/common/ is neutral: neither side owns it, so it imports neither.',
      severity: 'error',
      from: { path: '^server/common/' },
      to: { path: '^server/(hub|cloud|support)/' },
    },
    {
      name: 'kernel-not-to-apis',
      comment: 'The kernel (server/http/) runs every API and knows none of them.',
      severity: 'error',
      from: { path: '^server/http/', pathNot: TESTS },
      to: { path: '^server/(hub|cloud|support|common)/' },
    },
    {
      name: 'no-cycles',
      comment: 'No import cycles, type-only imports included: a cycle ties every module on it into one.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // Only our own code; what it imports from node_modules and generated/ is not followed.
    doNotFollow: { path: ['node_modules'] },
    includeOnly: '^(server|client|form/src)/',
    exclude: { path: ['^server/hub/apps/testing/real-apps/', '^server/hub/apps/testing/sdk-apps/', '^server/common/app-catalogue/'] },
    // Type-only imports count: they tie modules as much for the reader and the compiler.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
    cache: false,
    progress: { type: 'none' },
  },
};
