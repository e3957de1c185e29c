import { describe, expect, it } from 'vitest';
import { checkedBrowserUrl } from './browser-url';
import type { Resolver } from './endpoint-fetch';

/** Each name answers the addresses given; the names asked are kept. */
function resolverOf(table: Record<string, string[]>): Resolver & { asked: string[] } {
  const asked: string[] = [];
  const resolver = (hostname: string) => {
    asked.push(hostname);
    const answer = table[hostname];
    if (answer === undefined) return Promise.reject(new Error('ENOTFOUND'));
    return Promise.resolve(answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
  };
  return Object.assign(resolver, { asked });
}

describe('checkedBrowserUrl for a link in what a server sent (reach public)', () => {
  const resolver = resolverOf({
    'localtest.me': ['127.0.0.1'],
    '127.0.0.1.nip.io': ['127.0.0.1'],
    'v6.example.test': ['::1'],
    'mapped.example.test': ['::ffff:127.0.0.1'],
    'mapped-private.example.test': ['::ffff:192.168.1.1'],
    'router.example.test': ['10.0.0.7'],
    'cgnat.example.test': ['100.64.1.1'],
    'ula.example.test': ['fd12::1'],
    'meta.example.test': ['169.254.169.254'],
    'linklocal6.example.test': ['fe80::1'],
    'zero.example.test': ['0.0.0.0'],
    'mixed.example.test': ['203.0.113.7', '127.0.0.1'],
    'docs.example.com': ['203.0.113.7', '2001:db8::7'],
  });
  const check = (url: string) => checkedBrowserUrl(url, 'to open', 'public', resolver);

  it('refuses a name that resolves to this computer, a private network, link-local or unspecified addresses, saying why', async () => {
    const cases: [string, string][] = [
      ['https://localtest.me:8443/admin', 'localtest.me resolves to 127.0.0.1: it points at this computer'],
      ['https://127.0.0.1.nip.io/', '127.0.0.1.nip.io resolves to 127.0.0.1: it points at this computer'],
      ['https://v6.example.test/', 'v6.example.test resolves to ::1: it points at this computer'],
      ['https://mapped.example.test/', 'mapped.example.test resolves to ::ffff:127.0.0.1: it points at this computer'],
      ['https://mapped-private.example.test/', 'resolves to ::ffff:192.168.1.1: it points at a private network'],
      ['https://router.example.test/setup', 'router.example.test resolves to 10.0.0.7: it points at a private network'],
      ['https://cgnat.example.test/', 'resolves to 100.64.1.1: it points at a private network'],
      ['https://ula.example.test/', 'resolves to fd12::1: it points at a private network'],
      ['https://meta.example.test/', 'resolves to 169.254.169.254, a link-local address'],
      ['https://linklocal6.example.test/', 'resolves to fe80::1, a link-local address (fe80::/10)'],
      ['https://zero.example.test/', 'resolves to 0.0.0.0, an unspecified address'],
      // Every address counts: the browser may pick any of them.
      ['https://mixed.example.test/', 'mixed.example.test resolves to 127.0.0.1: it points at this computer'],
    ];
    for (const [url, why] of cases) {
      await expect(check(url), url).rejects.toMatchObject({ code: 'denied', message: expect.stringContaining(why) as string });
    }
  });

  it('refuses the written forms without a look-up, and a name that does not resolve', async () => {
    resolver.asked.length = 0;
    for (const url of ['http://127.0.0.1:8080/', 'https://[::1]/', 'https://localhost/', 'https://192.168.0.1/', 'https://[::ffff:7f00:1]/']) {
      await expect(check(url), url).rejects.toMatchObject({ code: 'denied' });
    }
    expect(resolver.asked).toEqual([]);
    await expect(check('https://gone.example.test/')).rejects.toMatchObject({ code: 'server_unavailable', message: expect.stringContaining('Could not resolve gone.example.test') as string });
  });

  it('passes a name whose every address is public', async () => {
    await expect(check('https://docs.example.com/guide')).resolves.toMatchObject({ href: 'https://docs.example.com/guide' });
  });
});
