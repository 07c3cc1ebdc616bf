import { summarizeProfile } from './profile-summary.js';

const frame = (functionName: string, lineNumber: number) => ({ functionName, scriptId: '1', url: 'file:///hub.js', lineNumber, columnNumber: 0 });

describe('CPU profile summary', () => {
  it('when samples hit functions, then each gets the time until the next sample, busiest first', () => {
    const profile = {
      nodes: [
        { id: 1, callFrame: frame('(root)', -1) },
        { id: 2, callFrame: frame('evaluate', 9) },
        { id: 3, callFrame: frame('', 20) },
        { id: 4, callFrame: frame('evaluate', 9) },
      ],
      startTime: 0,
      endTime: 10_000,
      samples: [2, 3, 4, 2],
      timeDeltas: [0, 1000, 3000, 2000],
    };
    const summary = summarizeProfile(profile, new Date('2026-11-22T08:00:00Z'), new Date('2026-11-22T08:00:10Z'));
    expect(summary).toMatchObject({ durationMs: 10, sampleCount: 4, sampleIntervalMs: 2.5, nodeCount: 4 });
    expect(summary.functions).toEqual([
      { functionName: 'evaluate', url: 'file:///hub.js', lineNumber: 10, selfMs: 3, selfPercent: 30 },
      { functionName: '(anonymous)', url: 'file:///hub.js', lineNumber: 21, selfMs: 3, selfPercent: 30 },
    ]);
  });
});
