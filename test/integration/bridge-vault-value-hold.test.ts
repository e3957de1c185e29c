import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';
import { connectModernAgent } from '../support/modern-agent';
import { heldApproval } from '../support/held-approval';
import { confirmAsPerson, type Served } from '../support/serve';
import { agentToken, serveHoldingValue } from '../support/vault-guess';

const VALUE = 'ghp_echo-oracle-vault-value-8675309';
const WRONG = 'ghp_echo-oracle-vault-value-8675310';
const REASON = 'its arguments hold the value of GITHUB_TOKEN from the vault';

type Text = { content?: { type: string; text?: string }[]; isError?: boolean };
const textOf = (result: unknown): string => ((result as Text).content ?? []).map((c) => c.text ?? '').join('\n');

// SECURITY.md, "Guessed values": an agent testing guesses with an echo tool. Wrong guesses cost nothing; the right one is shown to the person.
describe('a call whose arguments hold a value from the vault, through serve', () => {
  let home: string;
  let served: Served;
  let token: string;
  let searchToken: string;
  beforeAll(async () => {
    home = tempHome();
    served = await serveHoldingValue(VALUE, { home });
    token = await agentToken(served, 'guesser', { servers: ['everything'] });
    searchToken = await agentToken(served, 'searcher', { servers: ['everything'], toolMode: 'search' });
  });
  afterAll(async () => {
    await served.stop();
  });

  it('runs a wrong guess at once; holds the right value with the reason; denied, the agent is refused; the audit names the secret, never the value (2025-11-25 session)', async () => {
    const client = new Client({ name: 'guesser', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(served.bridge ?? ''), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    try {
      const wrong = await client.callTool({ name: 'everything__echo', arguments: { message: WRONG } });
      expect(wrong.isError).not.toBe(true);
      expect(textOf(wrong)).toContain(WRONG);
      expect((await served.api('listApprovals', {})).body.result).toEqual([]);

      const call = client.callTool({ name: 'everything__echo', arguments: { message: `is it ${VALUE}?` } });
      const { id, stdout } = await heldApproval(home);
      expect(stdout).toContain(`${id} WARNING: held because ${REASON}; deny it unless you gave guesser that value`);
      expect(stdout).toContain('[secret GITHUB_TOKEN]');
      expect(stdout).not.toContain(VALUE);
      expect(((await served.api('listApprovals', {})).body.result as { warning?: string }[])[0]?.warning).toBe(REASON);
      expect((await runCli(home, ['approvals', 'deny', id])).code).toBe(0);
      const refused = await call;
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).not.toContain(VALUE);
      expect(textOf(refused)).not.toContain('GITHUB_TOKEN');
    } finally {
      await client.close();
    }
    // Its tool calls only: a slow start of everything's asks roots of the one call running then (this agent's, which declares none), audited as declined.
    const audit = ((await served.api('readAudit', { agent: 'guesser' })).body.result as { kind: string; outcome: string; approval?: string; warning?: string }[]).filter((e) => e.kind === 'tool');
    expect(audit.map((e) => [e.outcome, e.approval, e.warning]), JSON.stringify(audit)).toEqual([
      ['denied', 'person', REASON],
      ['ok', undefined, undefined],
    ]);
    const onDisk = readFileSync(join(home, 'audit', 'audit.jsonl'), 'utf8');
    expect(onDisk).toContain(REASON);
    expect(onDisk).not.toContain(VALUE);
    expect(served.stderr()).not.toContain(VALUE);
  });

  it('refuses `approvals allow --remember` of such a call (a rule cannot allow it), saving and allowing nothing', async () => {
    const rememberToken = await agentToken(served, 'rememberer', { servers: ['everything'] });
    const client = new Client({ name: 'rememberer', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(served.bridge ?? ''), { requestInit: { headers: { authorization: `Bearer ${rememberToken}` } } }));
    try {
      const call = client.callTool({ name: 'everything__echo', arguments: { message: VALUE } });
      const { id } = await heldApproval(home);
      // Refused before the person is asked to confirm: no confirmation would make it allowed.
      const remember = await runCli(home, ['approvals', 'allow', id, '--remember']);
      expect(remember.code).toBe(2);
      expect(remember.stderr).toContain(`held because ${REASON}`);
      expect(remember.stderr).toContain('a rule cannot allow it');
      expect(remember.stderr).not.toContain(VALUE);
      expect(remember.stdout).not.toContain('Allowed');
      expect(((await served.api('listApprovals', {})).body.result as { id: string }[]).map((a) => a.id)).toEqual([id]);
      const agents = (await served.api('listAgents', {})).body.result as { name: string; tools?: Record<string, unknown> }[];
      expect(agents.find((a) => a.name === 'rememberer')?.tools ?? {}).toEqual({});
      expect((await runCli(home, ['approvals', 'deny', id])).code).toBe(0);
      expect((await call).isError).toBe(true);
    } finally {
      await client.close();
    }
  });

  it("holds the search mode's call tool too; allowed, the call runs and the agent gets the value redacted (2026-07-28)", async () => {
    const agent = await connectModernAgent(served.bridge ?? '', searchToken);
    try {
      const call = agent.client.callTool({ name: 'call_read_tool', arguments: { name: 'everything__echo', arguments: { message: VALUE } } });
      const { id } = await heldApproval(home);
      // The approval names the tool the call tool reaches and its service, not the call tool.
      expect(((await served.api('listApprovals', {})).body.result as { server: string; tool: string }[])[0]).toMatchObject({ server: 'everything', tool: 'echo' });
      // Allowing from the command line while serve runs is a widening the person confirms, told why the call was held.
      const allow = await runCli(home, ['approvals', 'allow', id]);
      expect(allow.stderr).toContain(REASON);
      await confirmAsPerson(served, allow);
      const ran = await call;
      expect(ran.isError).not.toBe(true);
      expect(textOf(ran)).toContain('[redacted]');
      expect(textOf(ran)).not.toContain(VALUE);
    } finally {
      await agent.close();
    }
    const audit = (await served.api('readAudit', { agent: 'searcher' })).body.result as { outcome: string; approval?: string; warning?: string }[];
    expect(audit[0]).toMatchObject({ outcome: 'ok', approval: 'person', warning: REASON });
    expect(readFileSync(join(home, 'audit', 'audit.jsonl'), 'utf8')).not.toContain(VALUE);
  });
});
