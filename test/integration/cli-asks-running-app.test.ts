import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PendingAsk } from '../../shared/api';
import { ASKING_SERVER, ROOT } from '../fixtures/servers/config';
import { CLI, runCli, tempHome } from '../support/cli';
import { appApi, eventually, linkOf, signIn, startServe, type Served } from '../support/serve';
import { tsEntry } from '../support/ts-entry';

const ESC = String.fromCharCode(27);
const plain = (text: string): string => text.replace(new RegExp(`${ESC}\\[[0-9;?]*[A-Za-z]`, 'g'), '').replace(/\r/g, '');

async function addAsking(home: string): Promise<void> {
  expect((await runCli(home, ['servers', 'add', 'asking', '--cwd', ROOT, '--', process.execPath, ...tsEntry(ASKING_SERVER)])).code).toBe(0);
  expect((await runCli(home, ['servers', 'approve', 'asking', '--yes'])).code).toBe(0);
}

const waitingAsk = (served: { api: Served['api'] }, match: (ask: PendingAsk) => boolean): Promise<PendingAsk> =>
  eventually(async () => ((await served.api('listAsks')).body.result as PendingAsk[]).find(match), 20_000);

/** The id of the confirmation a command-line call is waiting for (it answered exit 4 at once). */
function requestOf(run: { code: number | null; stderr: string }): string {
  const id = /Request (c-[0-9a-f]+)/.exec(run.stderr)?.[1];
  if (run.code !== 4 || id === undefined) throw new Error(`expected exit 4 with a request id, got ${run.code}: ${run.stderr}`);
  return id;
}

describe('call through a running app: each call has its own callId, so its requests are its own', () => {
  let home: string;
  let served: Served;
  beforeAll(async () => {
    home = tempHome();
    await addAsking(home);
    served = await startServe(home);
  }, 60_000);
  afterAll(async () => {
    await served.stop();
  });

  it('two calls confirmed at once both run, each with its own answer (one shared callId refused the second)', async () => {
    const first = requestOf(await runCli(home, ['call', 'asking', 'ask-for', '{"who":"first"}']));
    const second = requestOf(await runCli(home, ['call', 'asking', 'ask-for', '{"who":"second"}']));
    const decided = Promise.all([first, second].map((id) => served.api('decideConfirmation', { id, decision: 'confirm' })));
    decided.catch(() => undefined);
    // Two calls at once on one stdio service: their requests name no call, so both wait for the person in the app.
    const a = await waitingAsk(served, (ask) => ask.message === 'for first');
    const b = await waitingAsk(served, (ask) => ask.message === 'for second');
    await served.api('answerAsk', { id: b.id, action: 'accept', content: { reply: 'to b' } });
    await served.api('answerAsk', { id: a.id, action: 'accept', content: { reply: 'to a' } });
    const [one, two] = (await decided).map((d) => JSON.stringify(d.body));
    expect(one).toContain('first: accept to a');
    expect(two).toContain('second: accept to b');
  }, 60_000);

  it("a call's request names the call's own id", async () => {
    const id = requestOf(await runCli(home, ['call', 'asking', 'ask-for', '{"who":"alone"}']));
    const decided = served.api('decideConfirmation', { id, decision: 'confirm' });
    decided.catch(() => undefined);
    const ask = await waitingAsk(served, (a) => a.message === 'for alone');
    expect(ask.callId).toMatch(/^cli-[0-9a-f]{16}$/);
    await served.api('answerAsk', { id: ask.id, action: 'decline' });
    expect(JSON.stringify((await decided).body)).toContain('alone: decline');
  }, 60_000);
});

interface TerminalServe {
  child: ChildProcess;
  output(): string;
  api: Served['api'];
  /** Waits until the terminal shows `pattern` after `from` (an offset in output()), returning where it ended. */
  shows(pattern: RegExp, from?: number): Promise<number>;
  type(line: string): void;
  stop(): Promise<void>;
}

/** `serve --confirm-at-terminal` on a pseudo-terminal (util-linux `script`), as a person on a machine without a display runs it. */
async function serveOnTerminal(home: string): Promise<TerminalServe> {
  const command = [process.execPath, CLI, '--home', home, 'serve', '--port', '0', '--bridge-port', '0', '--json', '--confirm-at-terminal']
    .map((a) => `'${a.replace(/'/g, `'\\''`)}'`)
    .join(' ');
  const child = spawn('script', ['-qfec', command, '/dev/null'], { stdio: ['pipe', 'pipe', 'pipe'], cwd: ROOT });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
  const shows = async (pattern: RegExp, from = 0): Promise<number> => {
    const found = await eventually(async () => {
      const match = pattern.exec(plain(output).slice(from));
      return Promise.resolve(match ? from + match.index + match[0].length : undefined);
    }, 25_000).catch(() => {
      throw new Error(`the terminal never showed ${String(pattern)}:\n${plain(output)}`);
    });
    return found;
  };
  await shows(/\{"ui":"[^"]+"[^\n]*\}/);
  const ready = JSON.parse(/\{"ui":"[^"]+"[^\n]*\}/.exec(plain(output))?.[0] ?? '{}') as { ui: string; pid: number };
  const url = new URL(ready.ui);
  // The printed address is a one-time link: traded for the session the person's tab would get.
  const secret = await signIn(url.origin, linkOf(ready.ui));
  return {
    child,
    output: () => plain(output),
    shows,
    type: (line) => child.stdin.write(`${line}\n`),
    api: appApi(url.origin, secret),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('close', () => resolve());
        process.kill(ready.pid, 'SIGTERM');
      }),
  };
}

describe.skipIf(process.platform !== 'linux')('serve --confirm-at-terminal: a call confirmed there has its requests asked there', () => {
  let home: string;
  let serve: TerminalServe;
  beforeAll(async () => {
    home = tempHome();
    await addAsking(home);
    serve = await serveOnTerminal(home);
  }, 60_000);
  afterAll(async () => {
    await serve.stop();
  });

  it('asks the form at the terminal after the confirmation, and shows the result with the value typed there', async () => {
    const asked = await runCli(home, ['call', 'asking', 'ask-for', '{"who":"terminal"}']);
    const id = requestOf(asked);
    // The command line's person is told where to look: the app's list, and this terminal.
    expect(asked.stderr).toMatch(/Confirm it in Connected Services \(Activity → Waiting for you\) or at the terminal where connected-services serve runs \(pid \d+\)/);
    let at = await serve.shows(new RegExp(`Confirm ${id}\\? \\[y/N\\] `));
    serve.type('y');
    at = await serve.shows(/asking asks: for terminal\n[\s\S]*Reply: /, at);
    serve.type('typed at the terminal');
    await serve.shows(new RegExp(`${id}: confirmed[\\s\\S]*?terminal: accept typed at the terminal`), at);
  }, 60_000);

  it("another caller's requests are not asked there: they wait in the app's dialog", async () => {
    const before = serve.output().length;
    const call = serve.api('callTool', { server: 'asking', tool: 'ask-for', arguments: { who: 'the web UI' }, callId: 'ui-call-1' });
    const ask = await waitingAsk(serve, (a) => a.message === 'for the web UI');
    expect(ask.callId).toBe('ui-call-1');
    expect(serve.output().slice(before)).not.toContain('for the web UI');
    expect(serve.output().slice(before)).not.toContain('Reply:');
    await serve.api('answerAsk', { id: ask.id, action: 'accept', content: { reply: 'from the UI' } });
    expect(JSON.stringify((await call).body.result)).toContain('the web UI: accept from the UI');
  }, 60_000);

  it("a new agent confirmed there shows its token there, once: the person has no other place to read it", async () => {
    const asked = await runCli(home, ['agents', 'add', 'headless', '--servers', 'asking']);
    const id = requestOf(asked);
    let at = await serve.shows(new RegExp(`Confirm ${id}\\? \\[y/N\\] `));
    serve.type('y');
    at = await serve.shows(new RegExp(`${id}: confirmed\\n  The agent's token, shown only now: (cs_[A-Za-z0-9_-]{20,})`), at);
    const token = new RegExp(`${id}: confirmed\\n  The agent's token, shown only now: (\\S+)`).exec(serve.output())?.[1] ?? '';
    // The token shown is the agent's: the bridge takes it (and not another).
    const { url } = (await serve.api('bridgeInfo', {})).body.result as { url: string };
    const initialize = (bearer: string) =>
      fetch(url, {
        method: 'POST',
        headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } }),
      });
    expect((await initialize(token)).status).toBe(200);
    expect((await initialize(`${token.slice(0, -1)}x`)).status).toBe(401);
    expect(at).toBeGreaterThan(0);
  }, 60_000);

  it('a request answered in the app first stops its terminal prompt cleanly; the next one is asked as before', async () => {
    const id = requestOf(await runCli(home, ['call', 'asking', 'ask-for', '{"who":"both"}']));
    let at = await serve.shows(new RegExp(`Confirm ${id}\\? \\[y/N\\] `));
    serve.type('y');
    at = await serve.shows(/asking asks: for both\n[\s\S]*Reply: /, at);
    const ask = await waitingAsk(serve, (a) => a.message === 'for both');
    await serve.api('answerAsk', { id: ask.id, action: 'accept', content: { reply: 'from the app' } });
    at = await serve.shows(/request ended before it was answered here/, at);
    at = await serve.shows(new RegExp(`${id}: confirmed[\\s\\S]*?both: accept from the app`), at);

    const next = requestOf(await runCli(home, ['call', 'asking', 'ask-for', '{"who":"next"}']));
    at = await serve.shows(new RegExp(`Confirm ${next}\\? \\[y/N\\] `), at);
    serve.type('y');
    at = await serve.shows(/asking asks: for next\n[\s\S]*Reply: /, at);
    serve.type('still heard');
    await serve.shows(new RegExp(`${next}: confirmed[\\s\\S]*?next: accept still heard`), at);
  }, 90_000);
});
