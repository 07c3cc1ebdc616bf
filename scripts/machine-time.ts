/**
 * The clock check (issue 17, item 3): product code reads the time through a clock — the hub's or a service's
 * (server/http/clock.ts), the client's (client/clock.ts) — so that a test's FakeClock moves every time-based rule.
 * This finds the reads of the machine's time anywhere else: `Date.now` (called or handed on), `new Date()` without
 * an argument, and `Date()`. Code that wants the machine's time on purpose says so with `systemClock`. Timers are
 * scheduling too: `setTimeout` and `setInterval` outside the clock modules are found as well, except the I/O
 * deadlines and liveness checks listed in TIMERS_ON_MACHINE_TIME, which a socket or another machine runs on real time.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Where product code lives; tests (end-to-end scripts too), test helpers and benchmarks are not product code. */
export const PRODUCT_FOLDERS = ['server', 'client', 'form/src', 'scripts'];
const NOT_PRODUCT = /[.-](test|e2e)\.tsx?$|\.d\.ts$|(^|\/)testing(\/|\.ts$)|^scripts\/bench/;

/** The clock modules: the only places that read the machine's time. */
export const CLOCK_MODULES = ['server/http/clock.ts', 'client/clock.ts'];

export interface MachineTimeRead {
  file: string;
  line: number;
  code: string;
}

/**
 * The files whose timers run on the machine's time on purpose, and why: I/O deadlines and liveness checks of sockets
 * and other machines, which a hub's or a test's clock does not move.
 */
export const TIMERS_ON_MACHINE_TIME: Record<string, string> = {
  'server/hub/system/profiler.ts': 'a CPU profile lasts the machine time it measures',
  'server/hub/cloud/connect.ts': "the tunnel's silence deadline: a socket that stays silent is dead",
  'server/cloud/connect/connections.ts': "a tunnelled call's deadline and the sockets' ping heartbeat",
  'server/cloud/connect/cluster-connections.ts': "a forwarded call's deadline, and the renewals of Redis entries, which expire on Redis's own time",
  'server/cloud/cluster/cluster.ts': "the deadline of a Redis connection's quit",
  'client/http/deadline.ts': "a call's deadline",
  'client/hub/acks.ts': "a socket acknowledgement's deadline",
  'client/cloud/mdns.ts': "an mDNS browse's deadline",
  'scripts/child.ts': "a child process's deadline to print a line",
  'scripts/supervisor.ts': "a crashed process's restart waits real time, as a service manager's does",
  'scripts/start-cloud.ts': "a stopping process's deadline to exit",
  'scripts/start-protocol.ts': "a stopping process's deadline to exit",
  'scripts/new-hub-setup.ts': "the operator's command polls a running hub on real time",
};

/** A cheap look at the text: true for every text with a read, and for a few more (in comments and strings). */
const MAYBE_READ = /Date\s*\.\s*now|new\s+Date\s*(?!\(\s*[^)\s])|(?<![\w.$]|\bnew\s+)Date\s*\(|set(Timeout|Interval)\s*\(/;

const isDate = (node: ts.Node) => ts.isIdentifier(node) && node.text === 'Date';
const TIMERS = new Set(['setTimeout', 'setInterval']);
/** `setTimeout(...)` or `globalThis.setTimeout(...)` (and setInterval). */
const isTimer = (node: ts.Expression) =>
  (ts.isIdentifier(node) && TIMERS.has(node.text)) || (ts.isPropertyAccessExpression(node) && TIMERS.has(node.name.text) && ts.isIdentifier(node.expression) && node.expression.text === 'globalThis');

/** The machine-time reads in one source text, with their 1-based line. */
export function machineTimeReads(source: string, file = 'source.ts'): MachineTimeRead[] {
  // Parsing is the slow part: only a text that looks like it reads the time is parsed.
  if (!MAYBE_READ.test(source)) return [];
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const reads: MachineTimeRead[] = [];
  const visit = (node: ts.Node) => {
    const read =
      (ts.isPropertyAccessExpression(node) && isDate(node.expression) && node.name.text === 'now') ||
      (ts.isNewExpression(node) && isDate(node.expression) && !node.arguments?.length) ||
      (ts.isCallExpression(node) && isDate(node.expression)) ||
      (ts.isCallExpression(node) && isTimer(node.expression) && !(file in TIMERS_ON_MACHINE_TIME));
    if (read) {
      const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
      const expression = ts.isCallExpression(node) && isTimer(node.expression) ? node.expression : node;
      reads.push({ file, line: line + 1, code: expression.getText(sourceFile) });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return reads;
}

/** The product source files under `root` (repository-relative, with forward slashes), clock modules excluded. */
export function productFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
      const relative = `${folder}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(relative);
      } else if (/\.tsx?$/.test(entry.name) && !NOT_PRODUCT.test(relative) && !CLOCK_MODULES.includes(relative)) files.push(relative);
    }
  };
  for (const folder of PRODUCT_FOLDERS) walk(folder);
  return files;
}

/** Every machine-time read in product code outside the clock modules. */
export function strayTimeReads(root: string): MachineTimeRead[] {
  return productFiles(root).flatMap((file) => machineTimeReads(readFileSync(path.join(root, file), 'utf8'), file));
}
