import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAgent, type AgentClient } from '../support/bridge-harness';
import { serverRow, useUiSession, waitForState } from '../support/e2e';

// The echo-oracle decision (SECURITY.md): a call whose arguments hold a vault value waits for the
// person, whatever the agent's policy, with the secret named and never shown.
const VALUE = 'wx-e2e-guessed-value-7f3a91c2';

let agent: AgentClient | undefined;
let token = '';
const ui = useUiSession();

beforeAll(async () => {
  await waitForState(serverRow(ui.page, 'everything'), 'ready');
  await ui.api('setSecret', { name: 'WEATHER_API_KEY', value: VALUE });
  token = (await ui.api<{ token: string }>('addAgent', { name: 'guesser', servers: '*', policy: { read: 'allow', write: 'allow', destructive: 'allow' } })).token;
}, 45_000);

afterAll(async () => {
  await agent?.close();
});

describe('a call that holds a vault value', () => {
  it('waits in Activity with the secret named, never its value, and a denial reaches the agent', async () => {
    const { page } = ui;
    agent = await connectAgent(ui.served.bridge ?? '', token, 'guesser');
    const { tools } = await agent.client.listTools();
    const echo = tools.find((t) => t.name.endsWith('echo'))?.name ?? 'everything__echo';
    // A wrong guess runs at once under an allow policy.
    expect(JSON.stringify(await agent.client.callTool({ name: echo, arguments: { message: 'wx-e2e-guessed-value-00000000' } }))).toContain('wx-e2e-guessed-value-00000000');
    const held = agent.client.callTool({ name: echo, arguments: { message: `is it ${VALUE}?` } }).then(
      (result) => result,
      (error: unknown) => error,
    );

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Activity/ }).click();
    const deny = page.getByRole('button', { name: 'Deny echo on everything for guesser', exact: true });
    await deny.waitFor({ timeout: 15_000 });
    await page.getByText('its arguments hold the value of WEATHER_API_KEY', { exact: false }).first().waitFor();
    expect(await page.content()).not.toContain(VALUE);
    await ui.screenshot('activity-vault-value-hold');
    await deny.click();
    // A denial is a refusal, as for any call the person denies; it names neither the value nor the secret.
    const outcome = (await held) as { isError?: boolean } | Error;
    expect(outcome instanceof Error || outcome.isError === true).toBe(true);
    expect(JSON.stringify(outcome instanceof Error ? outcome.message : outcome)).not.toContain(VALUE);
    expect(ui.problems).toEqual([]);
  });
});
