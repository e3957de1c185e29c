import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, runCli, tempHome } from '../support/cli';
import { confirmAsPerson, eventually, startServe, type Served } from '../support/serve';

// Issue 17 items 2 and 3 from the command line: `logs`, `read`, `prompt`, against the real serve and
// the reference server (@modelcontextprotocol/server-everything, a demo server of every new home).

describe('read and prompt with no app running: the command acts on its own core', () => {
  let home: string;
  beforeAll(() => {
    home = tempHome('cs-read-offline-');
  });

  it('reads a resource of the reference server as text', async () => {
    const read = await runCli(home, ['read', 'everything', 'demo://resource/dynamic/text/7'], { timeoutMs: 60_000 });
    expect(read.code, read.stderr).toBe(0);
    expect(read.stdout).toMatch(/^Resource 7: This is a plaintext resource created at /);
  });

  it('says what a binary resource is instead of printing it, and prints it as base64 with --json', async () => {
    const read = await runCli(home, ['read', 'everything', 'demo://resource/dynamic/blob/3'], { timeoutMs: 60_000 });
    expect(read.code, read.stderr).toBe(0);
    expect(read.stdout).toMatch(/^\[demo:\/\/resource\/dynamic\/blob\/3: text\/plain, \d+ bytes of binary data; --json prints it as base64\]/);
    const json = await runCli(home, ['read', 'everything', 'demo://resource/dynamic/blob/3', '--json'], { timeoutMs: 60_000 });
    const blob = (JSON.parse(json.stdout) as { contents: Array<{ blob: string }> }).contents[0]?.blob ?? '';
    expect(Buffer.from(blob, 'base64').toString('utf8')).toMatch(/^Resource 3: This is a base64 blob/);
  });

  it('gets a prompt with its arguments and prints its messages', async () => {
    const prompt = await runCli(home, ['prompt', 'everything', 'args-prompt', '{"city":"Paris","state":"Texas"}'], { timeoutMs: 60_000 });
    expect(prompt.code, prompt.stderr).toBe(0);
    expect(prompt.stdout).toBe("user: What's weather in Paris, Texas?\n");
  });

  it('refuses prompt arguments that are not a JSON object of strings, and unknown servers, resources and prompts', async () => {
    const numbers = await runCli(home, ['prompt', 'everything', 'args-prompt', '{"city":3}']);
    expect(numbers.code).toBe(2);
    expect(numbers.stderr).toContain('a JSON object of strings');
    const server = await runCli(home, ['read', 'nowhere', 'demo://x']);
    expect(server.code).toBe(3);
    expect(server.stderr).toContain('No server named "nowhere" is configured');
    const prompt = await runCli(home, ['prompt', 'everything', 'no-such-prompt'], { timeoutMs: 60_000 });
    expect(prompt.code, prompt.stderr).not.toBe(0);
    expect(prompt.stderr).toMatch(/^error \[(not_found|invalid_input)\]/);
  });

  it('`logs` says plainly that only a running app keeps logs, and how to get them', async () => {
    const logs = await runCli(home, ['logs', 'everything']);
    expect(logs.code).toBe(7);
    expect(logs.stderr).toContain('No app is running for');
    expect(logs.stderr).toContain("servers' output is kept only by the running app");
    expect(logs.stderr).toContain('connected-services logs everything --follow');
    // A mistyped name is said first, not advice to follow the logs of a server that is not there.
    const typo = await runCli(home, ['logs', 'evrything']);
    expect(typo.code).toBe(3);
    expect(typo.stderr).toMatch(/^error \[not_found\]: No server named "evrything" is configured\n {2}hint: Did you mean everything\? /);
    expect(typo.stderr).not.toContain('logs evrything --follow');
  });
});

describe('while an app runs: logs from its memory, reads wait for the person', () => {
  let home: string;
  let served: Served | undefined;

  beforeAll(async () => {
    home = tempHome('cs-logs-live-');
    served = await startServe(home);
    const connected = await served.api('connect', { name: 'everything' });
    expect(connected.body.result, JSON.stringify(connected.body)).toMatchObject({ state: 'ready' });
  }, 60_000);

  afterAll(async () => {
    await served?.stop();
  });

  it("prints the server's stderr and its state changes, through the app", async () => {
    const logs = await runCli(home, ['logs', 'everything']);
    expect(logs.code, logs.stderr).toBe(0);
    expect(logs.stdout).toMatch(/^\d\d:\d\d:\d\d stderr {2}Starting default \(STDIO\) server\.\.\.$/m);
    expect(logs.stdout).toMatch(/^\d\d:\d\d:\d\d state {3}ready$/m);
    const json = await runCli(home, ['logs', 'everything', '--json', '--lines', '1']);
    const lines = json.stdout.trim().split('\n').map((l) => JSON.parse(l) as { seq: number; kind: string });
    expect(lines).toHaveLength(1);
    const unknown = await runCli(home, ['logs', 'nowhere']);
    expect(unknown.code).toBe(3);
  });

  it('--follow prints new lines as they come, until Ctrl-C', async () => {
    const child = spawn(process.execPath, [CLI, '--home', home, 'logs', 'everything', '--follow', '--lines', '1'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await eventually(() => Promise.resolve(stdout.length > 0 ? true : undefined));
      // A restart writes new lines: stopped, then the server's own start-up line.
      await served?.api('stopServer', { name: 'everything' });
      await served?.api('connect', { name: 'everything' });
      await eventually(() => Promise.resolve(/stderr {2}Starting default/.test(stdout) && /state {3}stopped/.test(stdout) ? true : undefined), 20_000);
    } finally {
      child.kill('SIGINT');
    }
    expect(await exited).toBe(0);
  });

  it('read and prompt act as the person, so they wait for confirmation in the app, then answer there', async () => {
    const read = await runCli(home, ['read', 'everything', 'demo://resource/dynamic/text/2']);
    expect(read.code).toBe(4);
    expect(read.stderr).toContain('read the resource "demo://resource/dynamic/text/2" of "everything" as you');
    expect(await confirmAsPerson(served!, read)).toMatchObject({ contents: [{ text: expect.stringMatching(/^Resource 2:/) as unknown }] });
    const prompt = await runCli(home, ['prompt', 'everything', 'args-prompt', '{"city":"Oslo"}']);
    expect(prompt.code).toBe(4);
    expect(await confirmAsPerson(served!, prompt)).toMatchObject({ messages: [{ role: 'user', content: { text: "What's weather in Oslo?" } }] });
  });
});
