import * as manifest from '../../../generated/hub/cron.operations.js';
import type { operations } from '../../../generated/hub/cron.js';
import { defineApi } from '../../http/api.js';
import type { Hub, HubContextOf, HubCore } from '../core/context.js';

type Task = operations['getState']['responses'][200]['content']['application/json']['tasks'][number];

/** What runs on the hub's clock next: the nightly backup and update while on, and each enabled alarm; soonest first. */
export function scheduledTasks(hub: HubCore & Pick<Hub, 'backups' | 'updates'>): Task[] {
  const tasks: Task[] = [];
  const backup = hub.backups.state().nextAutomaticBackup;
  if (backup) tasks.push({ id: 'backup', name: 'Nightly backup', next: backup });
  const update = hub.updates.state().nextAutoupdate;
  if (update) tasks.push({ id: 'autoupdate', name: 'Automatic update', next: update });
  for (const alarm of hub.store.values('alarm')) {
    if (alarm.enabled && alarm.nextOccurance) tasks.push({ id: `alarm:${alarm.id}`, name: alarm.name, next: alarm.nextOccurance });
  }
  return tasks.sort((a, b) => Date.parse(a.next) - Date.parse(b.next));
}

export const cron = defineApi<operations, typeof manifest.operations, HubContextOf<'backups' | 'updates'>>(manifest, {
  getState: (_args, { hub }) => ({ tasks: scheduledTasks(hub) }),
});
