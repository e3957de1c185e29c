import { describe, expect, it, vi } from 'vitest';
import { electronOpener } from './opener';

describe('electronOpener', () => {
  it('opens validated URLs and nothing else', async () => {
    const openExternal = vi.fn(() => Promise.resolve());
    const open = electronOpener(openExternal);
    await open('https://auth.example.com/authorize?client_id=x&state=y');
    await open('http://127.0.0.1:5000/device');
    expect(openExternal.mock.calls).toEqual([['https://auth.example.com/authorize?client_id=x&state=y'], ['http://127.0.0.1:5000/device']]);
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'http://example.com/', 'ms-settings:', 'https://u:p@example.com/']) {
      await expect(open(url), url).rejects.toMatchObject({ code: 'denied' });
    }
    expect(openExternal).toHaveBeenCalledTimes(2);
    // What reaches the OS is the parsed, normalized URL: quotes arrive percent-encoded.
    await open('https://example.com/"onmouseover=x');
    expect(openExternal).toHaveBeenLastCalledWith('https://example.com/%22onmouseover=x');
  });
});
