import type { components } from '../../../generated/hub/experiments.js';
import type { Listeners } from '../../http/listeners.js';
import { notFound } from '../../http/errors.js';
import type { Hub, HubCore } from '../core/context.js';
import { news } from '../core/service.js';

export type Experiment = components['schemas']['Experiment'];
export type ExperimentId = Experiment['id'];

const catalogue: ReadonlyArray<Omit<Experiment, 'enabled'>> = [
  { id: 'ssh', name: 'SSH access', description: 'Lets you log in to the hub over SSH on port 22.' },
  { id: 'homekit', name: 'HomeKit', description: "Shows the hub's devices in Apple Home." },
  { id: 'poweruser', name: 'Power user', description: 'Shows device and flow details meant for advanced users.' },
  { id: 'virtualdevices', name: 'Virtual devices', description: 'Lets you add virtual buttons and sockets to use in flows.' },
];
const byId = new Map(catalogue.map((experiment) => [experiment.id as string, experiment]));

/** Each experiment is its own realtime item type (reference/hub-item-types.tsv): `experiment-ssh` ... */
const itemType = (id: ExperimentId) => `experiment-${id}` as const;

declare module '../core/context.js' {
  interface Hub {
    /** Experiments enabled or disabled, for in-process listeners (the experiment changes service's). */
    experimentChanges: Listeners<Experiment>;
  }
}

/** The experiments manager's news. */
export const experimentChanges = news('experimentChanges', 'experiment changes');

/** Calls `listener` when an experiment is enabled or disabled (for the managers whose behaviour it changes). */
export const onExperimentChanged = (hub: Pick<Hub, 'experimentChanges'>, listener: (experiment: Experiment) => void): (() => void) => hub.experimentChanges.add(listener);

export function getExperiment(hub: HubCore, id: ExperimentId): Experiment {
  const stored = hub.store.get(itemType(id), id);
  return stored ?? { ...byId.get(id)!, enabled: false };
}

export const isExperimentEnabled = (hub: Hub, id: ExperimentId): boolean => getExperiment(hub, id).enabled;

export function listExperiments(hub: HubCore): components['schemas']['ExperimentMap'] {
  const [ssh, homekit, poweruser, virtualdevices] = catalogue.map((experiment) => getExperiment(hub, experiment.id));
  return { ssh: ssh!, homekit: homekit!, poweruser: poweruser!, virtualdevices: virtualdevices! };
}

/** Enables or disables an experiment; `experiment-<id>.update` goes out only when it changes. */
export function setExperiment(hub: HubCore & Pick<Hub, 'experimentChanges'>, id: string, enabled: boolean): Experiment {
  const known = byId.get(id);
  if (!known) throw notFound('Experiment');
  const current = getExperiment(hub, known.id);
  if (current.enabled === enabled) return current;
  const updated: Experiment = { ...known, enabled };
  hub.store.save(itemType(known.id), updated);
  hub.experimentChanges.tell(updated);
  return updated;
}

export function experimentsState(hub: HubCore): components['schemas']['ExperimentsState'] {
  const all = Object.values(listExperiments(hub));
  return { experimentCount: all.length, enabled: all.filter((experiment) => experiment.enabled).map((experiment) => experiment.id) };
}
