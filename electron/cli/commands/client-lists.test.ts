import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppApi, ClientInfo } from '../../../shared/api';
import { AGENT_CLIENTS, CONNECT_CLIENTS } from '../../../shared/api';
import { createFakeApi } from '../../../test/support/fake-app-api';
import type { CliContext } from '../context';
import { parseForOnAdd, parseTarget } from './agent-client-options';
import { registerAgentConnect } from './agents-connect';

const info = (client: ClientInfo['client']): ClientInfo => ({ client, label: client, detected: false, file: `/home/ana/${client}.json`, agents: [], tokenPlace: 'vault' });

/** `agents clients`'s lines, the core answering with every client it writes. */
async function clientsLines(...options: string[]): Promise<string[]> {
  const out: string[] = [];
  const api = createFakeApi({ listClients: () => CONNECT_CLIENTS.map(info) }) as unknown as AppApi;
  const ctx = { output: { out: (line: string) => out.push(line), err: () => undefined }, core: () => Promise.resolve({ api }) } as unknown as CliContext;
  const agents = new Command('agents').exitOverride();
  registerAgentConnect(agents, async (action) => {
    await action(ctx);
  });
  await agents.parseAsync(['clients', ...options], { from: 'user' });
  return out;
}

describe('one list of clients (shared/api/agent-clients.ts)', () => {
  it('agents config --for and agents add --for take every client of it', () => {
    for (const { id } of AGENT_CLIENTS) {
      expect(parseTarget(id)).toBe(id);
      expect(parseForOnAdd(id).target).toBe(id);
    }
  });

  it('agents clients names every client of it, those it does not write with where their entry goes', async () => {
    const lines = await clientsLines();
    for (const { id, written } of AGENT_CLIENTS) {
      const line = lines.find((l) => l.startsWith(`${id} `));
      expect(line, id).toBeDefined();
      if (!written) expect(line).toMatch(/not written|no file/);
    }
  });

  it('agents clients --json names every client of it too, saying whether it is written here and whether its prefix is known', async () => {
    const list = z.array(z.looseObject({ client: z.string(), written: z.boolean(), prefixKnown: z.boolean(), notWritten: z.string().optional() })).parse(JSON.parse((await clientsLines('--json')).join('\n')));
    expect(list.map((c) => c.client)).toEqual(AGENT_CLIENTS.map((c) => c.id));
    for (const client of AGENT_CLIENTS) {
      const entry = list.find((c) => c.client === client.id);
      expect(entry, client.id).toMatchObject({ written: client.written, prefixKnown: client.prefix !== null });
      expect(entry?.notWritten === undefined, client.id).toBe(client.written);
    }
    expect(list.find((c) => c.client === 'cursor')).toMatchObject({ file: '/home/ana/cursor.json', detected: false });
  });
});
