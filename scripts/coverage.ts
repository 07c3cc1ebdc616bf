/**
 * npm run coverage: per hub manager, how many reference operations (../shared/reference/hub-operations.tsv) the
 * contract serves with the same method, path, scopes, privacy and argument names, and which it lacks or serves
 * differently. Exits 1 when the reference is missing; prints, and exits 0, when coverage is incomplete.
 */
import { hubApis } from '../generated/hub/index.js';
import { root } from './apis.js';
import { coverage, loadReference } from './reference-coverage.js';

let reference;
try {
  reference = loadReference(root);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const report = coverage(reference, hubApis);
let served = 0;
for (const manager of report) {
  const total = manager.served.length + manager.missing.length + manager.differing.length;
  served += manager.served.length;
  const status = !manager.inContract ? 'not in the contract' : manager.served.length === total ? 'complete' : 'incomplete';
  console.log(`${manager.manager}: ${manager.served.length}/${total} served as the reference (${status})`);
  if (manager.inContract) {
    for (const id of manager.missing) console.log(`  missing: ${id}`);
    for (const { operationId, differences } of manager.differing) console.log(`  differs: ${operationId}: ${differences.join('; ')}`);
    if (manager.extra.length) console.log(`  beyond the reference: ${manager.extra.join(', ')}`);
  }
}
console.log(`\n${served}/${reference.length} reference operations served as the reference says.`);
