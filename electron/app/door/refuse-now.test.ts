import { describe, expect, it } from 'vitest';
import type { AppApi } from '../../../shared/api';
import { refuseNow } from './refuse-now';

// Only the two lists addAgent's check reads.
const api = {
  listAgents: () => Promise.resolve([{ name: 'My Laptop' }]),
  status: () => Promise.resolve({ servers: [] }),
} as unknown as AppApi;

describe('refuseNow', () => {
  it("quotes a taken agent name in the rotate hint, so a name with spaces can be typed back", async () => {
    await expect(refuseNow(api, 'addAgent', { name: 'My Laptop' })).rejects.toMatchObject({
      code: 'invalid_input',
      hint: 'Choose another name, or run `connected-services agents rotate "My Laptop"` for a new token',
    });
  });

  it('refuses before the person is asked a name whose client entry another agent has', async () => {
    await expect(refuseNow(api, 'addAgent', { name: 'my.laptop' })).rejects.toMatchObject({
      code: 'invalid_input',
      message: 'an agent named "My Laptop" already uses the client entry "connected-services-my-laptop"',
    });
    await expect(refuseNow(api, 'addAgent', { name: 'my-laptop-2' })).resolves.toBeUndefined();
  });

  it("asks the add check (mcp.json's total as written) before the person is asked, and only for an add", async () => {
    const asked: unknown[] = [];
    const over = new Error('over the total');
    const checks = {
      addServer: (input: unknown) => {
        asked.push(input);
        return Promise.reject(over);
      },
    };
    await expect(refuseNow(api, 'addServer', { name: 'one-more', config: { command: 'x' } }, checks)).rejects.toBe(over);
    await expect(refuseNow(api, 'addAgent', { name: 'other' }, checks)).resolves.toBeUndefined();
    expect(asked).toEqual([{ name: 'one-more', config: { command: 'x' } }]);
  });

  it('refuses a secret value holding NUL before the person is asked, for each method that writes one', async () => {
    const message = /NUL byte/;
    await expect(refuseNow(api, 'setSecret', { name: 'NULARG', value: 'a\0b' })).rejects.toMatchObject({ code: 'invalid_input', message });
    await expect(refuseNow(api, 'setApiKey', { name: 'files', value: 'a\0b' })).rejects.toMatchObject({ code: 'invalid_input', message });
    await expect(refuseNow(api, 'setStoreSecret', { store: 'pass', path: 'p', value: 'a\0b' })).rejects.toMatchObject({ code: 'invalid_input', message });
    await expect(refuseNow(api, 'setSecret', { name: 'PLAIN', value: 'a b' })).resolves.toBeUndefined();
  });

  it('asks the import check before the person is asked to confirm an import, and only for an import', async () => {
    const asked: unknown[] = [];
    const over = new Error('over the total');
    const checks = {
      importConfig: (input: unknown) => {
        asked.push(input);
        return Promise.reject(over);
      },
    };
    await expect(refuseNow(api, 'importConfig', { source: 'cursor', path: '/tmp/many.json' }, checks)).rejects.toBe(over);
    await expect(refuseNow(api, 'addAgent', { name: 'other' }, checks)).resolves.toBeUndefined();
    expect(asked).toEqual([{ source: 'cursor', path: '/tmp/many.json' }]);
  });

  it('refuses "always allow" of a call held for a value from the vault before the person is asked, not a plain allow', async () => {
    const held = { id: 'h1', agent: 'a', server: 'everything', kind: 'tool', tool: 'echo', tier: 'read', requestedAt: 0, expiresAt: 1, warning: 'its arguments hold the value of GITHUB_TOKEN from the vault' };
    const withHeld = { ...api, listApprovals: () => Promise.resolve([held]) } as unknown as AppApi;
    const refused = { code: 'invalid_input', message: expect.stringContaining('held because its arguments hold the value of GITHUB_TOKEN') as unknown };
    await expect(refuseNow(withHeld, 'decideApproval', { id: 'h1', decision: 'allow', remember: true })).rejects.toMatchObject(refused);
    await expect(refuseNow(withHeld, 'decide', { kind: 'call', id: 'h1', answer: { decision: 'allow', remember: true } })).rejects.toMatchObject(refused);
    await expect(refuseNow(withHeld, 'decideApproval', { id: 'h1', decision: 'allow' })).resolves.toBeUndefined();
  });
});
