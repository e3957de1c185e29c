import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../shared/api';
import { WaitingAsks } from '../../electron/app/asks/waiting-asks';
import { ALLOW_ALL, conformanceServer, startAskingBridge } from '../support/asking-bridge';
import { connectAgent, type AgentClient, type BridgeHarness } from '../support/bridge-harness';

const open: Array<BridgeHarness | AgentClient> = [];

afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

// An agent's client that answers a server's form with a JSON-RPC error was audited as having cancelled it.
describe("an agent's JSON-RPC error answer to a server's elicitation", () => {
  it('is audited as an error the agent answered, not as a cancel', async () => {
    const audited: AuditEntry[] = [];
    const h = await startAskingBridge({ conf: conformanceServer() }, new WaitingAsks(), audited);
    open.push(h);
    const { token } = await h.bridge.agents.add('erring', { servers: ['conf'], policy: ALLOW_ALL });
    const agent = await connectAgent(h.bridge.url, token, 'erring', { elicitation: { form: {} } });
    open.push(agent);
    agent.client.setRequestHandler(ElicitRequestSchema, () => {
      throw new Error('this client cannot show forms now');
    });

    await agent.client.callTool({ name: 'conf__test_elicitation', arguments: { message: 'Who are you?' } }).catch(() => undefined);
    const entry = audited.find((e) => e.kind === 'elicitation' && e.agent === 'erring');
    expect(entry).toMatchObject({ answer: 'error', answeredBy: 'agent', outcome: 'error' });
    expect(JSON.stringify(entry)).not.toContain('cannot show forms');
  }, 30_000);
});
