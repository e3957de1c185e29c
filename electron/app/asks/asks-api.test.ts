import { describe, expect, it } from 'vitest';
import type { Reach, Resolver } from '../../auth';
import { askUrlChecksFor } from '../../../test/support/ask-url-checks';
import { scriptedResolver } from '../../../test/support/scripted-resolver';
import { createAsksApi } from './asks-api';
import { lookedUpUrlProblem } from './ask-url';
import { elicitationView } from './ask-view';
import { WaitingAsks } from './waiting-asks';

const base = { server: 's', expiresAt: 0 };

/**
 * `reach`: the asking server's when it asked; `reachAtClick`: when the person clicks; `resolver`:
 * answers the URL's host name, when it asked and again at the click (default: every name public).
 */
async function setup(url: string, reach: Reach = 'public', reachAtClick: Reach = reach, resolver?: Resolver) {
  const waiting = new WaitingAsks();
  const opened: string[] = [];
  const asked = askUrlChecksFor(reach, resolver);
  const api = createAsksApi({ waiting, opener: (u) => Promise.resolve(void opened.push(u)), urls: { ...asked, reachOf: () => Promise.resolve(reachAtClick) } });
  const verdict = await lookedUpUrlProblem(url, reach, asked);
  void waiting.ask(elicitationView({ mode: 'url', message: 'go', url, elicitationId: 'e1' }, base, verdict), new AbortController().signal, () => false);
  const id = waiting.list()[0]?.id ?? '';
  return { api, opened, id, view: waiting.list()[0] };
}

describe('URL-mode requests: opened only on the person\'s click, after sign-in\'s URL checks', () => {
  it('an https URL: shown with its origin, nothing opened until openAskUrl', async () => {
    const { api, opened, id, view } = await setup('https://pay.example.com/confirm?x=1');
    expect(view).toMatchObject({ kind: 'url', origin: 'https://pay.example.com' });
    expect(view?.urlProblem).toBeUndefined();
    expect(opened).toEqual([]);
    await api.openAskUrl({ id });
    expect(opened).toEqual(['https://pay.example.com/confirm?x=1']);
  });

  it.each(['javascript:alert(1)', 'file:///etc/passwd', 'http://169.254.169.254/', 'https://[fe80::1]/', 'https://xn--80ak6aa92e.com/'])('%s: refused, never opened', async (url) => {
    const { api, opened, id, view } = await setup(url);
    expect(view?.urlProblem).toBeTruthy();
    await expect(api.openAskUrl({ id })).rejects.toMatchObject({ code: 'denied' });
    expect(opened).toEqual([]);
  });

  it.each([
    ['http://127.0.0.1:8080/admin', 'it points at this computer, and the MCP server is not on this computer'],
    ['http://localhost:3000/', 'it points at this computer, and the MCP server is not on this computer'],
    ['https://192.168.1.1/setup', 'it points at a private network, and the MCP server is not on one'],
  ])('a public server’s %s: shown with why, never opened', async (url, why) => {
    const { api, opened, id, view } = await setup(url, 'public');
    expect(view?.urlProblem).toBe(why);
    await expect(api.openAskUrl({ id })).rejects.toMatchObject({ code: 'denied', message: `This address was not opened: ${why}` });
    expect(opened).toEqual([]);
  });

  it('a server on this computer may still have its own page opened', async () => {
    const { api, opened, id, view } = await setup('http://127.0.0.1:8080/confirm', 'loopback');
    expect(view?.urlProblem).toBeUndefined();
    await api.openAskUrl({ id });
    expect(opened).toEqual(['http://127.0.0.1:8080/confirm']);
  });

  it('checked again at the click with the server’s reach then', async () => {
    const { api, opened, id } = await setup('https://10.0.0.7/confirm', 'private', 'public');
    await expect(api.openAskUrl({ id })).rejects.toMatchObject({ code: 'denied' });
    expect(opened).toEqual([]);
  });

  it('a name that resolves to this computer: shown with why, never opened', async () => {
    const { api, opened, id, view } = await setup('https://intranet.rebind.test/', 'public', 'public', scriptedResolver(['127.0.0.1']));
    expect(view?.urlProblem).toBe('intranet.rebind.test resolves to 127.0.0.1: it points at this computer, and the MCP server is not on this computer');
    await expect(api.openAskUrl({ id })).rejects.toMatchObject({ code: 'denied' });
    expect(opened).toEqual([]);
  });

  it('looked up again at the click: a name that points at the network by then is not opened', async () => {
    const resolver = scriptedResolver(['203.0.113.7'], ['10.0.0.7']);
    const { api, opened, id, view } = await setup('https://pay.rebind.test/confirm', 'public', 'public', resolver);
    expect(view?.urlProblem).toBeUndefined();
    await expect(api.openAskUrl({ id })).rejects.toMatchObject({ code: 'denied', message: expect.stringContaining('pay.rebind.test resolves to 10.0.0.7') as string });
    expect(opened).toEqual([]);
    expect(resolver.calls).toEqual(['pay.rebind.test', 'pay.rebind.test']);
  });
});
