import { describe, expect, it, vi } from 'vitest';
import { CodedError } from '../../shared/errors';
import { openCheckedLink } from './open-link';

describe('openCheckedLink', () => {
  it('the desktop app: the core opens the link, the page opens nothing', async () => {
    const openLink = vi.fn(() => Promise.resolve({ ok: true as const }));
    const openTab = vi.fn();
    await openCheckedLink({ api: { openLink }, desktop: true, openTab }, 'https://docs.example.com/', 'remote');
    expect(openLink).toHaveBeenCalledWith({ url: 'https://docs.example.com/', server: 'remote' });
    expect(openTab).not.toHaveBeenCalled();
  });

  it('the web UI: the core checks, then the tab opens it; a refusal opens nothing', async () => {
    const openLink = vi.fn((input: { url: string }) =>
      input.url.includes('localtest.me') ? Promise.reject(new CodedError('denied', 'This link was not opened: localtest.me resolves to 127.0.0.1')) : Promise.resolve({ ok: true as const }),
    );
    const openTab = vi.fn();
    const opening = { api: { openLink }, desktop: false, openTab };
    await openCheckedLink(opening, 'https://docs.example.com/', undefined);
    expect(openLink).toHaveBeenLastCalledWith({ url: 'https://docs.example.com/', checkOnly: true });
    expect(openTab.mock.calls).toEqual([['https://docs.example.com/']]);
    await expect(openCheckedLink(opening, 'https://localtest.me:8443/', undefined)).rejects.toThrow('resolves to 127.0.0.1');
    expect(openTab).toHaveBeenCalledTimes(1);
  });
});
