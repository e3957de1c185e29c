import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, tempHome } from '../support/cli';
import { eventually, linkOf } from '../support/serve';

/** `serve` as a person runs it, in a terminal: its human-readable output, stdout and stderr in the order written. */
describe("a signed-out page asks serve for a new sign-in address (serve's terminal)", () => {
  let child: ChildProcess;
  let terminal = '';
  let origin = '';
  let printed = '';

  beforeAll(async () => {
    child = spawn(process.execPath, [CLI, '--home', tempHome(), 'serve', '--port', '0', '--bridge-port', '0', '--print-url'], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (chunk: Buffer) => (terminal += chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => (terminal += chunk.toString('utf8')));
    origin = await eventually(() => Promise.resolve(/Open: +(http:\/\/127\.0\.0\.1:\d+)\//.exec(terminal)?.[1]), 20_000);
    printed = /Open: +(\S+)/.exec(terminal)?.[1] ?? '';
  }, 30_000);
  afterAll(async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  });

  it('names both ways to a new address in its ready line', () => {
    expect(terminal).toContain('(works once, within 10 minutes; for a new one: the button of a signed-out tab, or connected-services serve --ui-link)');
  });

  it('prints the address where serve runs, saying the sign-in page asked, and answers the asker (any process: no secret) nothing of it', async () => {
    const before = terminal.length;
    const asked = await fetch(`${origin}/api/ui-link/request`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(asked.status).toBe(200);
    const answer = await asked.text();
    const shown = await eventually(() => Promise.resolve(/A new sign-in address, asked for on the sign-in page \(it works once, within 10 minutes\):\n {2}Open: +(\S+)\n/.exec(terminal.slice(before))?.[1]));
    expect(shown).toMatch(new RegExp(`^${origin}/#token=[\\w-]{43}$`));
    expect(answer).toBe('{"result":{"shown":true}}');
    expect(answer).not.toContain(linkOf(shown));
    // It signs a tab in, once.
    const trade = () => fetch(`${origin}/api/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ link: linkOf(shown) }) });
    expect((await trade()).status).toBe(200);
    expect((await trade()).status).toBe(401);
    // The address serve printed at start still works: a process asking as a page cannot end it.
    const first = await fetch(`${origin}/api/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ link: linkOf(printed) }) });
    expect(first.status).toBe(200);
  });

  it('prints no more than the rate allows, however often it is asked', async () => {
    const before = terminal.length;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await fetch(`${origin}/api/ui-link/request`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status);
    // The first test spent one of two; 10 s may have given it back, so one or two more are shown.
    const shownCount = statuses.filter((status) => status === 200).length;
    expect(shownCount).toBeGreaterThanOrEqual(1);
    expect(shownCount).toBeLessThanOrEqual(2);
    expect(statuses.slice(shownCount)).toEqual(Array(5 - shownCount).fill(429));
    await eventually(() => Promise.resolve(((terminal.slice(before).match(/A new sign-in address/g) ?? []).length >= shownCount ? true : undefined)));
    // A request after the refusals, answered at once with the wait, has printed nothing more.
    expect((await fetch(`${origin}/api/ui-link/request`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(429);
    expect((terminal.slice(before).match(/A new sign-in address/g) ?? []).length).toBe(shownCount);
  });
});
