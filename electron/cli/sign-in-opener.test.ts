import { describe, expect, it } from 'vitest';
import { hasDesktop, signInOpener } from './sign-in-opener';

function sink(): { stream: { write(chunk: string): boolean }; text: () => string } {
  let text = '';
  return { stream: { write: (chunk: string) => ((text += chunk), true) }, text: () => text };
}

describe('signInOpener', () => {
  it('prints the address when there is no display to open a browser on', async () => {
    const out = sink();
    const opener = signInOpener({}, { PATH: '/usr/bin' }, 'linux', out.stream);
    expect(opener).toBeDefined();
    await opener?.('https://auth.example.com/authorize?x=1');
    expect(out.text()).toContain('No display here');
    expect(out.text()).toContain('https://auth.example.com/authorize?x=1');
  });

  it('leaves the system browser to a desktop session', () => {
    expect(signInOpener({}, { DISPLAY: ':0' }, 'linux')).toBeUndefined();
    expect(signInOpener({}, { WAYLAND_DISPLAY: 'wayland-0' }, 'linux')).toBeUndefined();
    expect(signInOpener({}, {}, 'darwin')).toBeUndefined();
    expect(hasDesktop({ BROWSER: 'w3m' }, 'freebsd')).toBe(true);
  });

  it('follows --print-url and --open-with, and refuses both at once', async () => {
    const out = sink();
    await signInOpener({ printUrl: true }, { DISPLAY: ':0' }, 'linux', out.stream)?.('https://a.example/');
    expect(out.text()).toContain('Open this address to sign in');
    expect(signInOpener({ openWith: 'firefox' }, {}, 'linux')).toBeDefined();
    expect(() => signInOpener({ printUrl: true, openWith: 'firefox' })).toThrow(/not both/);
  });
});
