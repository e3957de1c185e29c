import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Decision } from '../../shared/api';
import { ASKING_SERVER, ROOT } from '../fixtures/servers/config';
import { connectAgent, type AgentClient } from '../support/bridge-harness';
import { runCli, tempHome } from '../support/cli';
import { addShiftedServer, seriousAxeProblems, useUiSession } from '../support/e2e';
import { eventually } from '../support/serve';
import { tsEntry } from '../support/ts-entry';

let agent: AgentClient | undefined;
let token = '';

const ui = useUiSession(async () => {
  const home = tempHome('cs-e2e-decisions-');
  const added = await runCli(home, ['agents', 'add', 'asker', '--servers', 'everything', '--policy', 'read=ask,write=deny,destructive=deny', '--json']);
  expect(added.code, added.stderr).toBe(0);
  token = (JSON.parse(added.stdout) as { token: string }).token;
  expect((await runCli(home, ['servers', 'add', 'asking', '--cwd', ROOT, '--', process.execPath, ...tsEntry(ASKING_SERVER)])).code).toBe(0);
  expect((await runCli(home, ['servers', 'approve', 'asking', '--yes'])).code).toBe(0);
  return { home };
}, 90_000);

beforeAll(async () => {
  // A server whose tools change after approval: its held changes are decisions too.
  await addShiftedServer(ui);
}, 90_000);

afterAll(async () => {
  await agent?.close();
});

describe('Activity → Waiting for you: one section for every kind of decision', () => {
  it("shows an agent's call, a change asked from the command line, a server's question and held tool changes together, each once, with one count", async () => {
    const { page, served, home } = ui;
    agent = await connectAgent(served.bridge ?? '', token, 'asker');
    const call = agent.client.callTool({ name: 'everything__echo', arguments: { message: 'held' } });
    call.catch(() => undefined);
    const { origin, secret } = JSON.parse(readFileSync(join(home, 'runtime.json'), 'utf8')) as { origin: string; secret: string };
    const asked = await fetch(`${origin}/api/addAgent`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` }, body: JSON.stringify({ name: 'from-script' }) });
    expect(asked.status).toBe(403);
    const question = served.api('callTool', { server: 'asking', tool: 'ask-for', arguments: { who: 'e2e' } });
    question.catch(() => undefined);
    await eventually(async () => (((await served.api('listDecisions')).body.result as Decision[]).length === 7 ? true : undefined), 30_000);

    // The server's question is a modal dialog over any screen: the route is changed under it.
    await page.evaluate(() => {
      window.location.hash = '#/activity';
    });
    const section = page.locator('section[aria-labelledby="approvals-title"]');
    await section.locator('h2', { hasText: '(7)' }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('link', { name: 'Activity 7 waiting for approval' }).count()).toBe(1);
    // The call and the confirmation are decided on their cards; the others say what they are and where they are answered.
    await section.getByRole('button', { name: 'Allow echo on everything for asker', exact: true }).waitFor({ state: 'attached' });
    expect(await section.locator('li[data-kind="confirmation"]').textContent()).toContain('the command line asks to add the agent "from-script"');
    await section.getByRole('button', { name: 'Confirm: add the agent "from-script"' }).waitFor({ state: 'attached' });
    // One card on the whole page, not another in a section of its own (the admin log's row is a record, not a card).
    expect(await page.locator('li', { hasText: 'add the agent "from-script"' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: /^Confirm:/ }).count()).toBe(1);
    expect(await section.locator('li[data-kind="ask"]').textContent()).toContain('"asking" asks you to fill in a form: for e2e');
    const changes = section.locator('li[data-kind="toolChange"]');
    expect(await changes.count()).toBe(4);
    expect(await changes.allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('"shifting" changed the tool "search"')]));
    expect(await changes.first().getByRole('link', { name: "shifting's page" }).getAttribute('href')).toBe('#/services/shifting');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [1280, 420]) {
        await page.setViewportSize({ width, height: 860 });
        await ui.idle();
        await ui.screenshot(`activity-decisions-${width}-${scheme}`);
        expect(await seriousAxeProblems(page)).toEqual([]);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 860 });

    // Settled elsewhere (here through the App API), each leaves the section.
    for (const d of (await served.api('listDecisions')).body.result as Decision[]) {
      const answer = d.kind === 'call' ? { decision: 'deny' } : d.kind === 'confirmation' || d.kind === 'toolChange' ? { decision: 'refuse' } : { action: 'decline' };
      expect((await served.api('decide', { kind: d.kind, id: d.id, answer })).status).toBe(200);
    }
    await page.getByText('Nothing is waiting for your decision.').waitFor({ timeout: 15_000 });
  }, 120_000);
});
