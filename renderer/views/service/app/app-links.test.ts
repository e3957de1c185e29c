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
    expect(notes).toEqual(['The app asked to open https://docs.example.com/b while another address waited for your answer. It was not opened: answer the waiting one; the app may ask again.']);
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
    expect(notes[0]).toBe('The app asked to open http://127.0.0.1:8080/admin. It was not opened: an app may open only https addresses with a public host name; if you need that page, open it in your browser yourself.');
    expect(notes[5]?.length).toBeLessThan(400);
  });

  it('refuses at once an internationalized host name, naming it in punycode, not as the look-alike it draws', async () => {
    const { ask, shown, notes } = setup();
    await expect(ask('https://ex\u0430mple.com/login')).resolves.toBe(false);
    await expect(ask('https://xn--exmple-4nf.com/login')).resolves.toBe(false);
    expect(shown).toEqual([]);
    expect(notes).toEqual([
      'The app asked to open https://xn--exmple-4nf.com/login. It was not opened: its host name is internationalized and may imitate another; if you expected it, check the name before opening it yourself.',
      'The app asked to open https://xn--exmple-4nf.com/login. It was not opened: its host name is internationalized and may imitate another; if you expected it, check the name before opening it yourself.',
    ]);
  });
});
