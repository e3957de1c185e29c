import { describe, expect, it } from 'vitest';
import type { Reach } from '../../auth';
import { createAsksApi } from './asks-api';
import { elicitationView } from './ask-view';
import { WaitingAsks } from './waiting-asks';

const base = { server: 's', expiresAt: 0 };

/** `reach`: the asking server's when it asked; `reachAtClick`: when the person clicks. */
function setup(url: string, reach: Reach = 'public', reachAtClick: Reach = reach) {
  const waiting = new WaitingAsks();
  const opened: string[] = [];
  const api = createAsksApi({ waiting, opener: (u) => Promise.resolve(void opened.push(u)), reachOf: () => Promise.resolve(reachAtClick) });
  void waiting.ask(elicitationView({ mode: 'url', message: 'go', url, elicitationId: 'e1' }, base, reach), new AbortController().signal, () => false);
  const id = waiting.list()[0]?.id ?? '';
  return { api, opened, id, view: waiting.list()[0] };
}

describe('URL-mode requests: opened only on the person\'s click, after sign-in\'s URL checks', () => {
  it('an https URL: shown with its origin, nothing opened until openAskUrl', async () => {
    const { api, opened, id, view } = setup('https://pay.example.com/confirm?x=1');
    expect(view).toMatchObject({ kind: 'url', origin: 'https://pay.example.com' });
    expect(view?.urlProblem).toBeUndefined();
    expect(opened).toEqual([]);
    await api.openAskUrl({ id });
    expect(opened).toEqual(['https://pay.example.com/confirm?x=1']);
  });

  it.each(['javascript:alert(1)', 'file:///etc/passwd', 'http://169.254.169.254/', 'https://[fe80::1]/', 'https://xn--80ak6aa92e.com/'])('%s: refused, never opened', async (url) => {
    const { api, opened, id, view } = setup(url);
    expect(view?.urlProblem).toBeTruthy();
    await expect(api.openAskUrl({ id })).rejects.toMatchObject({ code: 'denied' });
    expect(opened).toEqual([]);
  });

  it.each([
    ['http://127.0.0.1:8080/admin', 'it points at this computer, and the MCP server is not on this computer'],
    ['http://localhost:3000/', 'it points at this computer, and the MCP server is not on this computer'],
    ['https://192.168.1.1/setup', 'it points at a private network, and the MCP server is not on one'],
  ])('a public server’s %s: shown with why, never opened', async (url, why) => {
    const { api, opened, id, view } = setup(url, 'public');
    expect(view?.urlProblem).toBe(why);
    await expect(api.openAskUrl({ id })).rejects.toMatchObject({ code: 'denied', message: `This address was not opened: ${why}` });
    expect(opened).toEqual([]);
  });

  it('a server on this computer may still have its own page opened', async () => {
    const { api, opened, id, view } = setup('http://127.0.0.1:8080/confirm', 'loopback');
    expect(view?.urlProblem).toBeUndefined();
    await api.openAskUrl({ id });
    expect(opened).toEqual(['http://127.0.0.1:8080/confirm']);
  });

  it('checked again at the click with the server’s reach then', async () => {
    const { api, opened, id } = setup('https://10.0.0.7/confirm', 'private', 'public');
    await expect(api.openAskUrl({ id })).rejects.toMatchObject({ code: 'denied' });
    expect(opened).toEqual([]);
  });
});
