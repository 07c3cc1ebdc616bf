/**
 * The password sign-in part of npm run bench: the account service in its own process (bench-account.ts), a number
 * of accounts, and as many users each signing in with the password grant again and again, all at once, for a
 * number of seconds. The goal (issue 16): at least 20 sign-ins a second with p99 under 1 s at 20 concurrent users.
 */
import { performance } from 'node:perf_hooks';
import { printed, spawnBin, stop, waitForOutput } from './child.js';

export interface SignInBenchResult {
  users: number;
  seconds: number;
  signInsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
}

/** The client bench-account.ts registers. */
export const BENCH_CLIENT = { id: 'bench', secret: 'bench-secret-0123456789abcdef' };
const PASSWORD = 'correct horse battery staple';
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

export async function measureSignIns({ users, seconds }: { users: number; seconds: number }): Promise<SignInBenchResult> {
  const child = spawnBin('tsx', ['scripts/bench-account.ts']);
  try {
    const url = printed(await waitForOutput(child, /^Account URL: /), 'Account URL')!;
    const emails = Array.from({ length: users }, (_, i) => `bench${i}@example.com`);
    for (const email of emails) {
      const response = await fetch(`${url}/user`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD, firstname: 'Bench' }) });
      if (!response.ok) throw new Error(`POST /user answered ${response.status}: ${await response.text()}`);
    }
    const authorization = `Basic ${Buffer.from(`${BENCH_CLIENT.id}:${BENCH_CLIENT.secret}`).toString('base64')}`;
    const signIn = async (email: string) => {
      const body = new URLSearchParams({ grant_type: 'password', username: email, password: PASSWORD });
      const response = await fetch(`${url}/oauth2/token`, { method: 'POST', headers: { Authorization: authorization }, body });
      await response.arrayBuffer();
      return response.status === 200;
    };
    const latencies: number[] = [];
    let failures = 0;
    const end = performance.now() + seconds * 1000;
    await Promise.all(
      emails.map(async (email) => {
        while (performance.now() < end) {
          const started = performance.now();
          if (await signIn(email)) latencies.push(performance.now() - started);
          else failures++;
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    const round = (ms: number) => Math.round(ms);
    return { users, seconds, signInsPerSecond: Math.round((latencies.length / seconds) * 10) / 10, p50: round(percentile(latencies, 50)), p99: round(percentile(latencies, 99)), failures };
  } finally {
    await stop(child);
  }
}

export function printSignIns(result: SignInBenchResult): void {
  console.log(
    `\nPassword sign-ins (goal ≥ 20/s, p99 < 1 s): ${result.users} users signing in at once with the password grant for ${result.seconds} s: ` +
      `${result.signInsPerSecond} sign-ins/s, p50 ${result.p50} ms, p99 ${result.p99} ms, failures ${result.failures}`,
  );
}
