/**
 * npm run coverage: per hub manager and per cloud service, how many reference operations
 * (docs/reference/hub-operations.tsv, cloud-operations.tsv) the contract serves with the same method, path,
 * scopes, privacy and argument names, and which it lacks or serves differently. Exits 1 when the reference is
 * missing; prints, and exits 0, when coverage is incomplete.
 */
import { cloudApis } from '../generated/cloud/index.js';
import { hubApis } from '../generated/hub/index.js';
import { root } from './apis.js';
import { coverage, loadCloudReference, loadReference, PARTIAL_CLOUD_SERVICES, type ManagerCoverage, type ReferenceRow } from './reference-coverage.js';

let hub: ReferenceRow[];
let cloud: ReferenceRow[];
try {
  hub = loadReference(root);
  cloud = loadCloudReference(root);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

function print(title: string, report: ManagerCoverage[], total: number, partialAllowed: readonly string[] = []) {
  console.log(`${title}\n`);
  let served = 0;
  for (const manager of report) {
    const rows = manager.served.length + manager.missing.length + manager.differing.length;
    served += manager.served.length;
    const complete = manager.served.length === rows;
    const status = !manager.inContract ? 'not in the contract' : complete ? 'complete' : partialAllowed.includes(manager.manager) ? 'partial (allowed for now)' : 'incomplete';
    console.log(`${manager.manager}: ${manager.served.length}/${rows} served as the reference (${status})`);
    if (manager.inContract) {
      for (const id of manager.missing) console.log(`  missing: ${id}`);
      for (const { operationId, differences } of manager.differing) console.log(`  differs: ${operationId}: ${differences.join('; ')}`);
      if (manager.extra.length) console.log(`  beyond the reference: ${manager.extra.join(', ')}`);
    }
  }
  console.log(`\n${served}/${total} reference operations served as the reference says.\n`);
}

print('Hub managers', coverage(hub, hubApis), hub.length);
print('Cloud services', coverage(cloud, cloudApis), cloud.length, PARTIAL_CLOUD_SERVICES);
