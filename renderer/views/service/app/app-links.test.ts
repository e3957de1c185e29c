import { describe, expect, it } from 'vitest';
import { appLinkRequests, type LinkAsk } from './app-links';

function setup() {
  const shown: (LinkAsk | null)[] = [];
  const notes: string[] = [];
  const ask = appLinkRequests((a) => void shown.push(a), (n) => void notes.push(n));
  return { ask, shown, notes };
}

describe('an app asking to open an address (ui/open-link)', () => {
  it('waits for the person: opened only when answered so, one at a time', async () => {
    const { ask, shown, notes } = setup();
    const first = ask('https://docs.example.com/a');
    expect(shown.at(-1)?.url).toBe('https://docs.example.com/a');
    await expect(ask('https://docs.example.com/b')).resolves.toBe(false);
    expect(notes).toEqual(['asked to open https://docs.example.com/b while another address waits: not opened']);
    shown.at(-1)?.answer(true);
    await expect(first).resolves.toBe(true);
    expect(shown.at(-1)).toBeNull();
    const second = ask('https://docs.example.com/c');
    shown.at(-1)?.answer(false);
    await expect(second).resolves.toBe(false);
  });

  it('refuses at once what a server may not link to, never showing it as openable', async () => {
    const { ask, shown, notes } = setup();
    for (const url of ['http://127.0.0.1:8080/admin', 'https://localhost/', 'https://192.168.1.1/', 'https://localtest.me/', 'javascript:alert(1)', `https://example.com/${'a'.repeat(5000)}`]) {
      await expect(ask(url), url).resolves.toBe(false);
    }
    expect(shown).toEqual([]);
    expect(notes).toHaveLength(6);
    expect(notes[0]).toBe('asked to open http://127.0.0.1:8080/admin: not opened, only https addresses of public names are');
    expect(notes[5]?.length).toBeLessThan(300);
  });

  it('refuses at once an internationalized host name, naming it in punycode, not as the look-alike it draws', async () => {
    const { ask, shown, notes } = setup();
    await expect(ask('https://ex\u0430mple.com/login')).resolves.toBe(false);
    await expect(ask('https://xn--exmple-4nf.com/login')).resolves.toBe(false);
    expect(shown).toEqual([]);
    expect(notes).toEqual([
      'asked to open https://xn--exmple-4nf.com/login: not opened, its host name is internationalized (it may imitate another)',
      'asked to open https://xn--exmple-4nf.com/login: not opened, its host name is internationalized (it may imitate another)',
    ]);
  });
});
