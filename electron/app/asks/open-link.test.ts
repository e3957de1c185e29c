import { describe, expect, it } from 'vitest';
import type { Reach } from '../../auth';
import { askUrlChecksFor } from '../../../test/support/ask-url-checks';
import { tableResolver } from '../../../test/support/auth-network';
import { createAsksApi } from './asks-api';
import { WaitingAsks } from './waiting-asks';

const REACH: Record<string, Reach> = { remote: 'public', office: 'private', local: 'loopback' };

function setup() {
  const resolver = tableResolver({
    'localtest.me': [['127.0.0.1']],
    '127.0.0.1.nip.io': [['127.0.0.1']],
    'wiki.office.test': [['10.0.0.7']],
    'mapped.example.test': [['::ffff:127.0.0.1']],
    'docs.example.com': [['203.0.113.7']],
  });
  const opened: string[] = [];
  const urls = askUrlChecksFor((server) => Promise.resolve(REACH[server] ?? 'public'), resolver);
  const api = createAsksApi({ waiting: new WaitingAsks(), opener: (u) => Promise.resolve(void opened.push(u)), urls });
  return { api, opened, resolver };
}

describe('openLink: a link the person clicked, its host name looked up before it opens', () => {
  it('a name that resolves to this computer is not opened, with why, whatever its look', async () => {
    const { api, opened } = setup();
    for (const url of ['https://localtest.me:8443/admin', 'https://127.0.0.1.nip.io/', 'https://mapped.example.test/']) {
      await expect(api.openLink({ url, server: 'remote' }), url).rejects.toMatchObject({
        code: 'denied',
        message: expect.stringMatching(/^This link was not opened: \S+ resolves to \S+: it points at this computer/) as string,
      });
      await expect(api.openLink({ url }), url).rejects.toMatchObject({ code: 'denied' });
    }
    expect(opened).toEqual([]);
  });

  it('a link no server vouches for is held to public addresses; a server on a private network may link into it', async () => {
    const { api, opened } = setup();
    await expect(api.openLink({ url: 'https://wiki.office.test/page' })).rejects.toMatchObject({ code: 'denied', message: expect.stringContaining('wiki.office.test resolves to 10.0.0.7: it points at a private network') as string });
    await expect(api.openLink({ url: 'https://wiki.office.test/page', server: 'remote' })).rejects.toMatchObject({ code: 'denied' });
    await api.openLink({ url: 'https://wiki.office.test/page', server: 'office' });
    await api.openLink({ url: 'http://127.0.0.1:8080/ui', server: 'local' });
    expect(opened).toEqual(['https://wiki.office.test/page', 'http://127.0.0.1:8080/ui']);
  });

  it('a public name opens, normalized; other schemes and names that do not resolve never do', async () => {
    const { api, opened, resolver } = setup();
    await api.openLink({ url: 'https://docs.example.com/a b' });
    expect(opened).toEqual(['https://docs.example.com/a%20b']);
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'http://docs.example.com/', 'https://u:p@docs.example.com/']) {
      await expect(api.openLink({ url }), url).rejects.toMatchObject({ code: 'denied' });
    }
    await expect(api.openLink({ url: 'https://gone.example.test/' })).rejects.toMatchObject({ code: 'denied', message: expect.stringContaining('Could not resolve gone.example.test') as string });
    expect(opened).toHaveLength(1);
    expect(resolver.calls).toContain('gone.example.test');
  });
});

describe('openLink with checkOnly (the web UI opens the link in its own tab)', () => {
  it('checks as for opening, opens nothing', async () => {
    const { api, opened } = setup();
    await expect(api.openLink({ url: 'https://docs.example.com/guide', checkOnly: true })).resolves.toEqual({ ok: true });
    await expect(api.openLink({ url: 'https://localtest.me/', checkOnly: true })).rejects.toMatchObject({ code: 'denied' });
    expect(opened).toEqual([]);
  });
});

describe('openLink for a server whose own name does not resolve now', () => {
  it('holds its links to public addresses, the narrowest, and says what the link itself does', async () => {
    const opened: string[] = [];
    const resolver = tableResolver({ 'docs.example.com': [['203.0.113.7']], 'wiki.office.test': [['10.0.0.7']] });
    const urls = askUrlChecksFor(() => Promise.reject(new Error('getaddrinfo ENOTFOUND mcp.gone.test')), resolver);
    const api = createAsksApi({ waiting: new WaitingAsks(), opener: (u) => Promise.resolve(void opened.push(u)), urls });
    await expect(api.openLink({ url: 'https://wiki.office.test/', server: 'gone' })).rejects.toMatchObject({ code: 'denied', message: expect.stringContaining('wiki.office.test resolves to 10.0.0.7') as string });
    await api.openLink({ url: 'https://docs.example.com/', server: 'gone' });
    expect(opened).toEqual(['https://docs.example.com/']);
  });
});

describe('openLink to a localhost name (RFC 6761 §6.3)', () => {
  it('is a link to this computer whatever DNS would answer: refused for a remote or LAN server, opened for a local one, never looked up', async () => {
    const { api, opened, resolver } = setup();
    for (const url of ['https://admin.localhost:8080/', 'https://app.localhost/', 'https://LOCALHOST./x']) {
      for (const server of [undefined, 'remote', 'office']) {
        await expect(api.openLink({ url, ...(server !== undefined ? { server } : {}) }), `${url} ${server}`).rejects.toMatchObject({ code: 'denied', message: expect.stringContaining('it points at this computer') as string });
      }
    }
    await api.openLink({ url: 'https://admin.localhost:8080/', server: 'local' });
    expect(opened).toEqual(['https://admin.localhost:8080/']);
    expect(resolver.calls.filter((name) => name.endsWith('localhost') || name.endsWith('localhost.'))).toEqual([]);
  });
});

// The page links plain http only to localhost, 127.0.0.0/8 and [::1] (safeHref): the core opens no other.
describe('openLink to plain http under a name for this computer', () => {
  it('is refused even for a local server: `accounts.google.com.localhost` reads as another site', async () => {
    const { api, opened } = setup();
    for (const url of ['http://accounts.google.com.localhost:8080/o/oauth2/device', 'http://admin.localhost:8080/', 'http://LOCALHOST./x', 'http://[::ffff:127.0.0.1]/']) {
      await expect(api.openLink({ url, server: 'local' }), url).rejects.toMatchObject({ code: 'denied', message: expect.stringContaining('http: is opened only to localhost, 127.0.0.0/8 or [::1]') as string });
    }
    await api.openLink({ url: 'http://localhost:8080/', server: 'local' });
    expect(opened).toEqual(['http://localhost:8080/']);
  });
});
