// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { timestamp } from '../../lib';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

// With arguments recorded, audit entries are megabytes: the Access screen asks only when each service was last called.
describe("a credential's last use on Access", () => {
  it('comes from auditLastUse for the services listed, never from the audit entries themselves', async () => {
    const asked: string[][] = [];
    const api = createFakeApi({
      listSecrets: () => [{ name: 'GH_TOKEN' }],
      status: async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'github' }), serverStatus({ name: 'idle' })] }),
      serverConfig: ({ name }) => ({ config: { type: 'http' as const, url: 'https://gh.example', headers: name === 'github' ? { Authorization: 'Bearer ${secret:GH_TOKEN}' } : {} } }),
      auditLastUse: ({ servers }) => {
        asked.push(servers);
        return { used: [{ server: 'github', time: Date.now() - 3 * 60_000 }] };
      },
      readAudit: () => {
        throw new Error('the Access screen must not read audit entries');
      },
    });
    renderApp(api, { hash: '#/access' });
    const card = await screen.findByRole('listitem', { name: 'GH_TOKEN' });
    expect(await within(card).findByText(/3 min/)).toBeTruthy();
    expect(asked).toEqual([['github', 'idle']]);
  });

  it('tells apart two secrets of one name by their scope: for every service, or kept for one', async () => {
    const api = createFakeApi({ listSecrets: () => [{ name: 'GITHUB_TOKEN' }, { name: 'GITHUB_TOKEN', server: 'my-weather' }] });
    renderApp(api, { hash: '#/access' });
    await screen.findAllByRole('listitem', { name: 'GITHUB_TOKEN' });
    const cards = screen.getAllByRole('listitem', { name: 'GITHUB_TOKEN' });
    expect(cards.map((card) => [within(card).queryByText('for every service') !== null, within(card).queryByText('for my-weather') !== null])).toEqual(
      expect.arrayContaining([
        [true, false],
        [false, true],
      ]),
    );
    expect(cards).toHaveLength(2);
  });

  it('says "not used since" the time the search reached, not "no use recorded", when the search stopped short', async () => {
    const since = Date.UTC(2026, 10, 20, 9, 30);
    const api = createFakeApi({
      listSecrets: () => [{ name: 'GH_TOKEN' }, { name: 'OLD_KEY' }],
      status: async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'github' }), serverStatus({ name: 'idle' })] }),
      serverConfig: ({ name }) => ({ config: { type: 'http' as const, url: 'https://x.example', headers: { Authorization: name === 'github' ? 'Bearer ${secret:GH_TOKEN}' : 'Bearer ${secret:OLD_KEY}' } } }),
      auditLastUse: () => ({ used: [{ server: 'github', time: Date.now() - 3 * 60_000 }], since }),
    });
    renderApp(api, { hash: '#/access' });
    const old = await screen.findByRole('listitem', { name: 'OLD_KEY' });
    expect(await within(old).findByText(`not used since ${timestamp(since)}`)).toBeTruthy();
    expect(old.textContent).not.toContain('no use recorded');
    const used = screen.getByRole('listitem', { name: 'GH_TOKEN' });
    expect(within(used).getByText(/3 min/)).toBeTruthy();
    expect(used.textContent).not.toContain('not used since');
  });
});
