import type { Profiler, Runtime } from 'node:inspector';
import type { components } from '../../../generated/hub/system.js';

// The contract's profile, named here rather than imported from profiler.ts, which calls this module.
type CpuProfile = components['schemas']['SystemCpuProfile'];

const TOP = 20;
const round = (value: number) => Math.round(value * 100) / 100;

/**
 * Self time per function: each sample's node gets the time until the next sample (as Chrome DevTools counts it);
 * nodes of the same function (name, file, line) add up.
 */
export function summarizeProfile(profile: Profiler.Profile, startedAt: Date, stoppedAt: Date): CpuProfile {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const selfUs = new Map<string, { frame: Runtime.CallFrame; us: number }>();
  samples.forEach((nodeId, index) => {
    const frame = nodes.get(nodeId)?.callFrame;
    if (!frame) return;
    const key = `${frame.functionName}\u0000${frame.url}\u0000${frame.lineNumber}`;
    const entry = selfUs.get(key) ?? { frame, us: 0 };
    entry.us += Math.max(0, deltas[index + 1] ?? 0);
    selfUs.set(key, entry);
  });
  const totalUs = Math.max(1, profile.endTime - profile.startTime);
  const functions = [...selfUs.values()]
    .sort((a, b) => b.us - a.us)
    .slice(0, TOP)
    .map(({ frame, us }) => ({
      functionName: frame.functionName || '(anonymous)',
      url: frame.url,
      lineNumber: frame.lineNumber >= 0 ? frame.lineNumber + 1 : 0,
      selfMs: round(us / 1000),
      selfPercent: round(Math.min(100, (us / totalUs) * 100)),
    }));
  return {
    startedAt: startedAt.toISOString(),
    stoppedAt: stoppedAt.toISOString(),
    durationMs: round(totalUs / 1000),
    sampleCount: samples.length,
    sampleIntervalMs: samples.length ? round(totalUs / samples.length / 1000) : 0,
    nodeCount: profile.nodes.length,
    functions,
  };
}
