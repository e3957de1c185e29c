#!/usr/bin/env node
// The conformance suite's server leg against the bridge, with our own conformance server behind it.
//
//   node test/conformance/run-server-leg.mjs [--requirements 2025-11-25,2026-07-28] [--gate 2025-11-25]
//                                            [--out DIR] [--scenario-timeout MS] [--keep]
//                                            [--only a,b] [--unattended] [--direct]
//
// 1. A temporary data folder whose mcp.json holds the stdio server test/fixtures/conformance/server.ts
//    (SDK v2) once per revision: `conformance` (spoken to in the 2025 era, stdio's default) for
//    2025-11-25 and `conformance-modern` (`protocol: "2026-07-28"`) for 2026-07-28, each approved with
//    `servers approve --yes`.
// 2. One agent per entry, named after it, with only that server, `--names plain` (the scenarios ask
//    for tools and prompts by their own names), every tier allowed (nothing waits for a person but
//    sampling, which always does; see README.md).
// 3. `tools` once, so the inventory the bridge lists from is there; then
//    `serve --json --port 0 --bridge-port 0` on Node 20 (the built CLI: run `npm run build` first).
// 4. A proxy per agent on 127.0.0.1 that adds its token (the suite cannot send a header; see
//    auth-proxy.mjs), and `conformance server --url <proxy>/mcp --requirements REV` on Node 22 for
//    each revision, its results in --out (default a temporary folder, printed).
// 5. Everything started is stopped; the data folder is removed unless --keep.
//
// --direct is the control: the same server alone (server.ts --http, SDK v2's createMcpHandler),
// no bridge, no proxy; what the suite says of the fixture itself. --only a,b runs single scenarios
// (`--scenario X --spec-version REV --force`). --unattended: nobody approves sampling (below).
//
// Exit 0 when every scored scenario of each --gate revision passed but those KNOWN_FAILING lists
// (lib.mjs, default gate 2025-11-25); the others
// are measured and printed only. Set CONFORMANCE_DIR to run the suite from a local install.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAuthProxy } from './auth-proxy.mjs';
import {
  CLI,
  conformanceInvocation,
  firstLine,
  installSuite,
  gateHolds,
  killAll,
  killGroup,
  NODE20,
  parseArgs,
  readResults,
  report,
  requirements,
  ROOT,
  run,
  start,
  summarize,
} from './lib.mjs';

/**
 * The fixture entry (and agent) each revision's run goes through, and the entry's `protocol`: the
 * 2026-07-28 run reaches the fixture in 2026-07-28 (its input requests come in its own results, with
 * its own keys; a call never retried holds nothing on the server), the 2025-11-25 run in the 2025 era.
 */
const SERVER_OF = { '2026-07-28': 'conformance-modern' };
const PROTOCOL_OF = { '2026-07-28': '2026-07-28' };

const options = parseArgs(process.argv.slice(2), {
  requirements: '2025-11-25,2026-07-28',
  gate: '2025-11-25',
  out: '',
  'scenario-timeout': '30000',
  keep: false,
  only: '',
  unattended: false,
  direct: false,
});
const only = options.only.split(',').map((s) => s.trim()).filter(Boolean);
const revisions = options.requirements.split(',').map((r) => r.trim()).filter(Boolean);
const gates = new Set(options.gate.split(',').map((r) => r.trim()).filter(Boolean));
const out = options.out || mkdtempSync(join(tmpdir(), 'conformance-server-leg-'));
mkdirSync(out, { recursive: true });

const home = mkdtempSync(join(tmpdir(), 'conformance-home-'));
process.on('exit', () => {
  if (!options.keep) rmSync(home, { recursive: true, force: true });
});
const env = { ...process.env, CONNECTED_SERVICES_HOME: home };
delete env['CONNECTED_SERVICES_PASSPHRASE'];

async function cli(args, timeoutMs = 60_000) {
  const result = await run(NODE20, [CLI, ...args], { cwd: ROOT, env, timeoutMs });
  if (result.code !== 0) throw new Error(`connected-services ${args.join(' ')} exited ${result.code}${result.timedOut ? ' (timed out)' : ''}: ${result.stderr}`);
  return result.stdout;
}

/**
 * Sampling during an agent's call waits for the person's approval (docs/asks.md); the person here
 * is this loop, which approves the conformance agent's sampling requests through the App API with
 * the UI's secret, as a click on Allow would. Nothing else is answered: a form that reaches the
 * person instead of the agent stays unanswered and its scenario fails. --unattended approves
 * nothing. Every request that reached the person is listed at the end.
 */
function watchAsks(uiAddress, approve, agents) {
  const ui = new URL(uiAddress);
  // The printed address signs in once: its secret is traded for a session secret, as the page does.
  const link = new URLSearchParams(ui.hash.slice(1)).get('token');
  const session = fetch(`${ui.origin}/api/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ link }) })
    .then((response) => response.json())
    .then((answer) => answer.session);
  const api = async (method, body) =>
    fetch(`${ui.origin}/api/${method}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await session}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((response) => response.json());
  const state = { approved: 0, stopped: false, seen: [] };
  const answered = new Set();
  const seen = new Set();
  const tick = async () => {
    while (!state.stopped) {
      try {
        const { result } = await api('listAsks', {});
        for (const ask of Array.isArray(result) ? result : []) {
          if (!seen.has(ask.id)) {
            seen.add(ask.id);
            state.seen.push(`${ask.kind} from ${ask.server} during ${ask.asker ?? 'no call'}${ask.call ? ` ${ask.call}` : ''}`);
          }
          if (!approve || ask.kind !== 'sampling' || !agents.has(ask.agent) || answered.has(ask.id)) continue;
          answered.add(ask.id);
          await api('answerAsk', { id: ask.id, action: 'accept' });
          state.approved++;
        }
      } catch {
        // the app is starting or stopping
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  state.done = tick();
  return state;
}

let serve;
const proxies = {};
const tokens = {};
let person;
let fixture;
let exitCode = 1;
try {
  await installSuite();
  let target;
  if (options.direct) {
    // The control: the same server with no bridge in front, over its own Streamable HTTP.
    fixture = start(NODE20, ['--import', 'tsx', join('test', 'fixtures', 'conformance', 'server.ts'), '--http', '0'], { cwd: ROOT, env });
    target = JSON.parse(await firstLine(fixture, 60_000)).url;
    console.log(`the conformance server alone (no bridge) at ${target}; results in ${out}`);
  } else {
    // One entry per era (README.md "What the server leg does"): the same fixture, spoken to in the
    // 2025 era (stdio's default) for the 2025-11-25 run and in 2026-07-28 (the entry's `protocol`)
    // for the 2026-07-28 run, each behind an agent of its own so both keep the scenarios' plain names.
    const fixtureEntry = (protocol) => ({
      command: NODE20,
      args: ['--import', 'tsx', join('test', 'fixtures', 'conformance', 'server.ts')],
      cwd: ROOT,
      ...(protocol === undefined ? {} : { protocol }),
      description: 'the conformance suite server scenarios (test/fixtures/conformance/server.ts)',
    });
    const servers = Object.fromEntries(revisions.map((revision) => [SERVER_OF[revision] ?? 'conformance', fixtureEntry(PROTOCOL_OF[revision])]));
    writeFileSync(join(home, 'mcp.json'), `${JSON.stringify({ mcpServers: servers }, null, 2)}\n`);
    for (const name of Object.keys(servers)) {
      await cli(['servers', 'approve', name, '--yes']);
      const agent = JSON.parse(
        await cli(['agents', 'add', name, '--servers', name, '--names', 'plain', '--policy', 'read=allow,write=allow,destructive=allow', '--json']),
      );
      tokens[name] = agent.token;
      await cli(['tools', name]);
    }

    serve = start(NODE20, [CLI, 'serve', '--json', '--port', '0', '--bridge-port', '0'], { cwd: ROOT, env });
    const ready = JSON.parse(await firstLine(serve, 60_000));
    if (typeof ready.bridge !== 'string') throw new Error(`serve printed no bridge address: ${JSON.stringify(ready)}`);
    for (const [name, token] of Object.entries(tokens)) proxies[name] = await startAuthProxy({ target: ready.bridge, token });
    console.log(`bridge ${ready.bridge}, through the token proxies ${Object.entries(proxies).map(([name, p]) => `${p.url} (agent ${name})`).join(', ')}; data folder ${home}; results in ${out}`);
    person = watchAsks(ready.ui, !options.unattended, new Set(Object.keys(tokens)));
  }

  const failedGates = [];
  const summaries = {};
  for (const revision of revisions) {
    const sets = await requirements(revision);
    const dir = join(out, `server-${revision}`);
    const url = options.direct ? target : proxies[SERVER_OF[revision] ?? 'conformance'].url;
    const common = ['--url', url, '--timeout', options['scenario-timeout'], '-o', dir];
    // --only: single scenarios at the revision's wire (--scenario with --spec-version and --force,
    // which is what --requirements does for each), for looking at one failure.
    const runs = only.length > 0 ? only.map((scenario) => ['server', ...common, '--scenario', scenario, '--spec-version', revision, '--force']) : [['server', ...common, '--requirements', revision]];
    const bound = (sets.server.length + sets.notScored.length) * (Number(options['scenario-timeout']) + 5_000) + 300_000;
    const ran = { code: 0, stdout: '', stderr: '' };
    for (const suiteArgs of runs) {
      const { command, args } = conformanceInvocation(suiteArgs);
      console.log(`\n$ ${command} ${args.join(' ')}`);
      const one = await run(command, args, { cwd: out, timeoutMs: bound });
      if (one.timedOut) console.log(`the suite did not finish within ${bound} ms and was stopped`);
      ran.code = Math.max(ran.code, one.code ?? 1);
      ran.stdout += one.stdout;
      ran.stderr += one.stderr;
    }
    writeFileSync(join(out, `server-${revision}.log`), `${ran.stdout}\n--- stderr ---\n${ran.stderr}`);
    const results = readResults(dir, 'server');
    const summary = summarize('server', only.length > 0 ? { server: only.filter((s) => sets.server.includes(s)), notScored: sets.notScored.filter((e) => only.includes(e.scenario)) } : sets, results);
    summaries[revision] = { ...summary, suiteExit: ran.code };
    console.log(report(revision, summary));
    console.log(`  (suite exit ${ran.code}; its log: ${join(out, `server-${revision}.log`)})`);
    if (gates.has(revision) && !gateHolds(revision, summary)) failedGates.push(revision);
  }
  writeFileSync(join(out, 'server-summary.json'), `${JSON.stringify(summaries, null, 2)}\n`);
  exitCode = failedGates.length === 0 ? 0 : 1;
  if (failedGates.length > 0) console.log(`\nscored scenarios failed at ${failedGates.join(', ')}`);
} catch (error) {
  console.error(`server leg: ${error instanceof Error ? error.message : String(error)}`);
  exitCode = 2;
} finally {
  if (person) {
    person.stopped = true;
    await person.done;
    console.log(`requests that reached the person: ${person.seen.length === 0 ? 'none' : person.seen.join('; ')}`);
    console.log(`sampling requests approved as the person: ${person.approved}`);
  }
  for (const p of Object.values(proxies)) await p.close();
  if (serve && serve.exitCode === null) {
    killGroup(serve, 'SIGTERM');
    const stopped = await Promise.race([new Promise((resolve) => serve.once('exit', () => resolve(true))), new Promise((resolve) => setTimeout(() => resolve(false), 10_000))]);
    if (!stopped) killGroup(serve);
  }
  if (fixture) killGroup(fixture);
  killAll();
}
process.exit(exitCode);
