import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Decision } from '../../shared/api';
import { ASKING_SERVER, ROOT } from '../fixtures/servers/config';
import { connectAgent, type AgentClient } from '../support/bridge-harness';
import { runCli, tempHome } from '../support/cli';
import { startUiSession, type UiSession } from '../support/e2e';
import { eventually } from '../support/serve';

let ui: UiSession;
let agent: AgentClient | undefined;
let token = '';

beforeAll(async () => {
  const home = tempHome('cs-e2e-decisions-');
  const added = await runCli(home, ['agents', 'add', 'asker', '--servers', 'everything', '--policy', 'read=ask,write=deny,destructive=deny', '--json']);
  expect(added.code, added.stderr).toBe(0);
  token = (JSON.parse(added.stdout) as { token: string }).token;
  expect((await runCli(home, ['servers', 'add', 'asking', '--cwd', ROOT, '--', process.execPath, '--import', 'tsx', ASKING_SERVER])).code).toBe(0);
  expect((await runCli(home, ['servers', 'approve', 'asking', '--yes'])).code).toBe(0);
  ui = await startUiSession({ home });
}, 60_000);

afterAll(async () => {
  await agent?.close();
  await ui?.close();
});

describe('Activity → Waiting for you: one section for every kind of decision', () => {
  it("shows an agent's call, a change asked from the command line and a server's question together, with one count", async () => {
    const { page, served, home } = ui;
    agent = await connectAgent(served.bridge ?? '', token, 'asker');
    const call = agent.client.callTool({ name: 'everything__echo', arguments: { message: 'held' } });
    call.catch(() => undefined);
    const { origin, secret } = JSON.parse(readFileSync(join(home, 'runtime.json'), 'utf8')) as { origin: string; secret: string };
    const asked = await fetch(`${origin}/api/addAgent`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` }, body: JSON.stringify({ name: 'from-script' }) });
    expect(asked.status).toBe(403);
    const question = served.api('callTool', { server: 'asking', tool: 'ask-for', arguments: { who: 'e2e' } });
    question.catch(() => undefined);
    await eventually(async () => (((await served.api('listDecisions')).body.result as Decision[]).length === 3 ? true : undefined), 30_000);

    // The server's question is a modal dialog over any screen: the route is changed under it.
    await page.evaluate(() => {
      window.location.hash = '#/activity';
    });
    const section = page.locator('section[aria-labelledby="approvals-title"]');
    await section.locator('h2', { hasText: '(3)' }).waitFor({ timeout: 15_000 });
    // The call is decided on its card; the other two say what they are and where they are answered.
    await section.getByRole('button', { name: 'Allow echo on everything for asker', exact: true }).waitFor({ state: 'attached' });
    expect(await section.locator('li[data-kind="confirmation"]').textContent()).toContain('the command line asks to add the agent "from-script"');
    expect(await section.locator('li[data-kind="ask"]').textContent()).toContain('"asking" asks you to fill in a form: for e2e');
    await ui.screenshot('activity-decisions');

    // Settled elsewhere (here through the App API), each leaves the section.
    for (const d of (await served.api('listDecisions')).body.result as Decision[]) {
      const answer = d.kind === 'call' ? { decision: 'deny' } : d.kind === 'confirmation' ? { decision: 'refuse' } : { action: 'decline' };
      expect((await served.api('decide', { kind: d.kind, id: d.id, answer })).status).toBe(200);
    }
    await page.getByText('No agent is waiting for an approval.').waitFor({ timeout: 15_000 });
  }, 120_000);
});
