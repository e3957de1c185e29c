#!/usr/bin/env node
// The conformance suite's client leg through our command line and pool.
//
//   node test/conformance/run-client-leg.mjs [--requirements 2025-11-25,2026-07-28] [--gate 2025-11-25]
//                                            [--out DIR] [--scenario-timeout MS] [--only a,b]
//
// For each revision: `conformance client --command "<node 20> test/conformance/client-adapter.mjs"
// --requirements REV` on Node 22. The suite starts its own test server per scenario (on localhost),
// appends its URL to the command and sets MCP_CONFORMANCE_SCENARIO; client-adapter.mjs says what it
// does with them. The command names Node 20 by its absolute path (this script's own), so the
// product is measured on Node 20 although the suite's PATH starts with Node 22.
//
// --scenario-timeout is the suite's per-scenario bound on the client (default here 180000: the
// scenarios run all at once, each starting several CLI processes, so on two busy cores one may wait
// a minute before its first request). A gated scenario that fails or is skipped in that crowd is run
// once more on its own; only its second result counts, and the report says it was re-run. --only runs single scenarios
// (`--scenario X --spec-version REV --force`), for looking at one failure.
//
// Exit 0 when every scored scenario of each --gate revision passed but those KNOWN_FAILING lists
// (lib.mjs; default gate 2025-11-25). Set
// CONFORMANCE_DIR to run the suite from a local install. Needs util-linux `script`.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { conformanceInvocation, gateHolds, installSuite, unexpectedFailures, NODE20, parseArgs, readResults, report, requirements, ROOT, run, summarize } from './lib.mjs';

const options = parseArgs(process.argv.slice(2), {
  requirements: '2025-11-25,2026-07-28',
  gate: '2025-11-25',
  out: '',
  'scenario-timeout': '180000',
  only: '',
});
const revisions = options.requirements.split(',').map((r) => r.trim()).filter(Boolean);
const gates = new Set(options.gate.split(',').map((r) => r.trim()).filter(Boolean));
const only = options.only.split(',').map((s) => s.trim()).filter(Boolean);
const out = options.out || mkdtempSync(join(tmpdir(), 'conformance-client-leg-'));
mkdirSync(out, { recursive: true });

// The suite splits --command on spaces and runs it through a shell, so the paths must have none.
const adapter = join(ROOT, 'test', 'conformance', 'client-adapter.mjs');
const command = `${NODE20} ${adapter}`;
if (/\s/.test(NODE20) || /\s/.test(adapter)) {
  console.error(`client leg: the suite cannot run a command whose paths contain spaces: ${command}`);
  process.exit(2);
}

let exitCode = 0;
const summaries = {};
try {
  await installSuite();
  for (const revision of revisions) {
    const sets = await requirements(revision);
    const dir = join(out, `client-${revision}`);
    const common = ['--command', command, '--timeout', options['scenario-timeout'], '-o', dir];
    const runs = only.length > 0 ? only.map((scenario) => ['client', ...common, '--scenario', scenario, '--spec-version', revision, '--force']) : [['client', ...common, '--requirements', revision]];
    const ran = { code: 0, stdout: '', stderr: '' };
    for (const suiteArgs of runs) {
      const invocation = conformanceInvocation(suiteArgs);
      console.log(`\n$ ${invocation.command} ${invocation.args.map((a) => (/\s/.test(a) ? JSON.stringify(a) : a)).join(' ')}`);
      const one = await run(invocation.command, invocation.args, { cwd: out, timeoutMs: 30 * 60_000 });
      if (one.timedOut) console.log('the suite did not finish within 30 minutes and was stopped');
      ran.code = Math.max(ran.code, one.code ?? 1);
      ran.stdout += one.stdout;
      ran.stderr += one.stderr;
    }
    writeFileSync(join(out, `client-${revision}.log`), `${ran.stdout}\n--- stderr ---\n${ran.stderr}`);
    const chosen = only.length > 0 ? { client: only.filter((s) => sets.client.includes(s)), notScored: sets.notScored.filter((e) => only.includes(e.scenario)), server: [] } : sets;
    const results = readResults(dir, 'client');
    let summary = summarize('client', chosen, results);
    if (gates.has(revision) && only.length === 0) {
      const again = unexpectedFailures(revision, summary);
      for (const scenario of again) {
        const alone = conformanceInvocation(['client', '--command', command, '--timeout', options['scenario-timeout'], '-o', `${dir}-alone`, '--scenario', scenario, '--spec-version', revision, '--force']);
        console.log(`\n${scenario} did not pass among all the others; running it once more on its own`);
        const one = await run(alone.command, alone.args, { cwd: out, timeoutMs: 10 * 60_000 });
        writeFileSync(join(out, `client-${revision}-alone-${scenario.replace(/\W/g, '_')}.log`), `${one.stdout}\n--- stderr ---\n${one.stderr}`);
        const second = readResults(`${dir}-alone`, 'client').get(scenario);
        if (second === undefined) results.delete(scenario);
        else results.set(scenario, second);
      }
      if (again.length > 0) summary = summarize('client', chosen, results);
    }
    summaries[revision] = { ...summary, suiteExit: ran.code };
    console.log(report(revision, summary));
    console.log(`  (suite exit ${ran.code}; its log: ${join(out, `client-${revision}.log`)}; each scenario's stdout.txt/stderr.txt in ${dir})`);
    if (gates.has(revision) && !gateHolds(revision, summary)) exitCode = 1;
  }
  writeFileSync(join(out, 'client-summary.json'), `${JSON.stringify(summaries, null, 2)}\n`);
} catch (error) {
  console.error(`client leg: ${error instanceof Error ? error.message : String(error)}`);
  exitCode = 2;
}
process.exit(exitCode);
