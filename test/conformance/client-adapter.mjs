#!/usr/bin/env node
// The client the conformance suite runs in its client leg: our command line and pool, nothing else.
// The suite starts `NODE20 test/conformance/client-adapter.mjs <server-url>` once per scenario (all
// at once), with MCP_CONFORMANCE_SCENARIO, MCP_CONFORMANCE_PROTOCOL_VERSION and, for some,
// MCP_CONFORMANCE_CONTEXT (pre-registered client credentials). For each it:
//
// 1. makes a data folder of its own and writes mcp.json with one HTTP server, `conformance`, at that
//    URL. Only what a person would configure for such a server is added: a client ID metadata
//    document address for auth/basic-cimd (the suite's fixed https://conformance-test.local/…), the
//    pre-registered client and its secret (in the vault, referenced as ${secret:…}, then approved)
//    where the context gives them;
// 2. for auth/* scenarios signs in with `connect conformance --open-with <scripted browser>`
//    (test/fixtures/oauth/open-with-browser.ts follows the authorization server's redirects to our
//    loopback callback, as a person clicking through would); a sign-in that still fails ends the scenario;
// 3. lists the tools (`tools conformance --json`) and calls each with arguments made from its input
//    schema (`call conformance TOOL JSON`), under a pseudo-terminal (util-linux `script`) where Enter
//    is pressed every 200 ms: a form the server asks for is answered at the terminal with its
//    defaults, as docs/asks.md describes for `call`. Two scenario rules, as in the suite's own
//    example client: the calls the context names (`toolCalls`) are made with its arguments; and
//    json-schema-2020-12-preservation's echo tool gets the input schema of json_schema_2020_12_tool
//    as `tools --json` shows it;
// 4. where a command says a sign-in is needed (exit 5: auth_required, e.g. a 403 naming more
//    scope), signs in again and retries, at most 3 sign-ins in all (the suite's retry limit).
//
// The pool picks the protocol revision itself: MCP_CONFORMANCE_PROTOCOL_VERSION is not passed on
// (the pool speaks 2025-11-25 today). The data folder (its vault a plain file) is removed at exit.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI, killAll, killGroup, NODE20, ROOT, run, start } from './lib.mjs';

const SERVER = 'conformance';
const SECRET = 'conformance_client_secret';
const CIMD_URL = 'https://conformance-test.local/client-metadata.json';
const MAX_SIGN_INS = 3;
const BROWSER = `${NODE20} --import tsx ${join(ROOT, 'test', 'fixtures', 'oauth', 'open-with-browser.ts')}`;

const url = process.argv.at(-1);
const scenario = process.env['MCP_CONFORMANCE_SCENARIO'] ?? '';
const context = JSON.parse(process.env['MCP_CONFORMANCE_CONTEXT'] ?? '{}');
const home = mkdtempSync(join(tmpdir(), 'conformance-client-'));
process.on('exit', () => {
  killAll();
  rmSync(home, { recursive: true, force: true });
});
// The suite ends a scenario that runs past its --timeout by killing the shell it started us with,
// which may leave us running (and holding its pipes, so it waits for us). A new parent means that
// happened: stop at once.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) {
    log('the suite gave up on this scenario; stopping');
    process.exit(1);
  }
}, 250).unref();

// The vault of a throwaway folder, as a plain file: a passphrase's scrypt, run by every scenario at
// once, takes longer than the vault's 5 s bound on a small machine.
const env = { ...process.env, CONNECTED_SERVICES_HOME: home, CONNECTED_SERVICES_VAULT_PROVIDER: 'insecure-plaintext-file' };
delete env['CONNECTED_SERVICES_PASSPHRASE'];
for (const name of Object.keys(env)) if (name.startsWith('MCP_CONFORMANCE_')) delete env[name];

const log = (line) => process.stderr.write(`[adapter ${scenario}] ${line}\n`);

async function cli(args, input) {
  // Not detached: in the suite's process group, so they go when the suite ends the scenario's group.
  const result = await run(NODE20, [CLI, ...args], { cwd: ROOT, env, timeoutMs: 90_000, input, detached: false });
  log(`connected-services ${args.join(' ')} → exit ${result.code}${result.stderr.trim() ? `; ${result.stderr.trim().slice(0, 600)}` : ''}`);
  return result;
}

function shellQuote(word) {
  return `'${String(word).replace(/'/g, `'\\''`)}'`;
}

/** `call` with a terminal: a person pressing Enter to every question (so a form keeps its defaults). */
function callAtTerminal(tool, args) {
  const line = [NODE20, CLI, 'call', SERVER, tool, JSON.stringify(args)].map(shellQuote).join(' ');
  return new Promise((resolve) => {
    const child = start('script', ['-q', '-e', '-c', line, '/dev/null'], { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'], detached: false });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const enter = setInterval(() => child.stdin.write('\n'), 200);
    const limit = setTimeout(() => killGroup(child), 90_000);
    child.stdin.on('error', () => {});
    child.once('close', (code) => {
      clearInterval(enter);
      clearTimeout(limit);
      const shown = output.replace(/\r/g, '').trim().slice(0, 600);
      log(`connected-services call ${SERVER} ${tool} ${JSON.stringify(args)} (at a terminal) → exit ${code}${shown ? `; ${shown}` : ''}`);
      resolve({ code });
    });
  });
}

/** Arguments from an input schema: a default where given, else a value of the property's type. */
function argumentsFor(schema) {
  const args = {};
  const properties = schema && typeof schema === 'object' && schema.properties && typeof schema.properties === 'object' ? schema.properties : {};
  for (const [name, property] of Object.entries(properties)) {
    if (!property || typeof property !== 'object') continue;
    if ('default' in property) args[name] = property.default;
    else if (Array.isArray(property.enum) && property.enum.length > 0) args[name] = property.enum[0];
    else if (property.type === 'number' || property.type === 'integer') args[name] = 2;
    else if (property.type === 'boolean') args[name] = true;
    else if (property.type === 'array') args[name] = [];
    else if (property.type === 'object') args[name] = {};
    else args[name] = 'conformance';
  }
  return args;
}

function serverEntry() {
  const entry = { type: 'http', url, description: `conformance client scenario ${scenario}` };
  if (scenario === 'auth/basic-cimd') entry.auth = { type: 'oauth', clientMetadataUrl: CIMD_URL };
  if (typeof context.client_id === 'string' && typeof context.client_secret === 'string') {
    const clientCredentials = scenario.includes('client-credentials');
    entry.auth = {
      type: clientCredentials ? 'client_credentials' : 'oauth',
      clientId: context.client_id,
      clientSecret: `\${secret:${SECRET}}`,
      ...(scenario.endsWith('-basic') ? { tokenEndpointAuthMethod: 'client_secret_basic' } : {}),
    };
  }
  return entry;
}

let signIns = 0;
async function signIn() {
  signIns++;
  return cli(['connect', SERVER, '--open-with', BROWSER]);
}

/** Runs `attempt` again after a sign-in while it asks for one (exit 5), within the sign-in budget. */
async function withSignIn(attempt) {
  let result = await attempt();
  while (result.code === 5 && signIns < MAX_SIGN_INS) {
    await signIn();
    result = await attempt();
  }
  return result;
}

let failed = false;
try {
  if (!url || !/^https?:\/\//.test(url)) throw new Error(`no server URL as the last argument (got ${url})`);
  const entry = serverEntry();
  writeFileSync(join(home, 'mcp.json'), `${JSON.stringify({ mcpServers: { [SERVER]: entry } }, null, 2)}\n`);
  if (entry.auth?.clientSecret) {
    if ((await cli(['secrets', 'set', SECRET], context.client_secret)).code !== 0) failed = true;
    if ((await cli(['servers', 'approve', SERVER, '--yes'])).code !== 0) failed = true;
  }
  if (scenario.startsWith('auth/') && entry.auth?.type !== 'client_credentials') {
    // Exit 5 asks for a sign-in again (4. below); any other failure ends the scenario, as it ends a
    // person's attempt: `tools` would begin a sign-in of its own and wait for a person at a browser
    // nobody drives, until its 90 s bound.
    let signedIn = await signIn();
    while (signedIn.code === 5 && signIns < MAX_SIGN_INS) signedIn = await signIn();
    if (signedIn.code !== 0) throw new Error(`the sign-in failed (exit ${signedIn.code}): nothing is listed or called without one`);
  }

  const listed = await withSignIn(() => cli(['tools', SERVER, '--json']));
  if (listed.code !== 0) throw new Error(`tools exited ${listed.code}`);
  const tools = JSON.parse(listed.stdout);
  // The calls the scenario names in its context (http-custom-headers: the arguments whose headers it
  // checks, null and non-ASCII ones among them), as the suite's own example client makes them.
  const named = Array.isArray(context.toolCalls) ? context.toolCalls.filter((c) => c && typeof c.name === 'string' && tools.some((t) => t.name === c.name)) : [];
  for (const call of named) {
    const called = await withSignIn(() => callAtTerminal(call.name, call.arguments ?? {}));
    if (called.code !== 0) failed = true;
  }
  for (const tool of tools) {
    if (named.some((call) => call.name === tool.name)) continue;
    let args = argumentsFor(tool.inputSchema);
    // json-schema-2020-12-preservation: echo the focal tool's input schema as the pool keeps it.
    const focal = tools.find((other) => other.name === 'json_schema_2020_12_tool');
    if (scenario === 'json-schema-2020-12-preservation' && tool.name === 'json_schema_echo' && focal) args = { schema: focal.inputSchema };
    const called = await withSignIn(() => callAtTerminal(tool.name, args));
    if (called.code !== 0) failed = true;
  }
} catch (error) {
  log(error instanceof Error ? error.message : String(error));
  failed = true;
}
process.exit(failed ? 1 : 0);
