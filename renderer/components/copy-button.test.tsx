// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeClipboard } from '../../test/support/renderer';
import { CLIPBOARD_CLEAR_MS, CopyButton } from './copy-button';

let clipboard: ReturnType<typeof installFakeClipboard>;
beforeEach(() => {
  clipboard = installFakeClipboard();
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function click(name: string): Promise<void> {
  fireEvent.click(screen.getByRole('button', { name }));
  await Promise.resolve();
}

describe('copying', () => {
  it('a secret leaves the clipboard after 30 s, even once the button is gone', async () => {
    const { unmount } = render(<CopyButton text="config with tok-123" label="Copy configuration" secret />);
    await act(() => click('Copy configuration'));
    expect(clipboard.text()).toBe('config with tok-123');
    expect(screen.getByRole('status').textContent).toBe('Copied; the clipboard is cleared in 30 seconds');
    unmount();
    await act(async () => vi.advanceTimersByTimeAsync(CLIPBOARD_CLEAR_MS - 1));
    expect(clipboard.text()).toBe('config with tok-123');
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(clipboard.text()).toBe('');
  });

  it('leaves alone what the person copied since, and what is not secret', async () => {
    render(<CopyButton text="tok-123" label="Copy secret" secret />);
    await act(() => click('Copy secret'));
    clipboard.set('copied later');
    await act(async () => vi.advanceTimersByTimeAsync(CLIPBOARD_CLEAR_MS));
    expect(clipboard.text()).toBe('copied later');
    cleanup();
    render(<CopyButton text="http://127.0.0.1:47781/mcp" label="Copy address" />);
    await act(() => click('Copy address'));
    expect(screen.getByRole('status').textContent).toBe('Copied');
    await act(async () => vi.advanceTimersByTimeAsync(CLIPBOARD_CLEAR_MS));
    expect(clipboard.text()).toBe('http://127.0.0.1:47781/mcp');
  });

  it('a clear the browser refused (page not focused) is done when the page comes back', async () => {
    render(<CopyButton text="tok-123" label="Copy secret" secret />);
    await act(() => click('Copy secret'));
    clipboard.refuse(true);
    await act(async () => vi.advanceTimersByTimeAsync(CLIPBOARD_CLEAR_MS));
    expect(clipboard.text()).toBe('tok-123');
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
      await Promise.resolve();
    });
    expect(clipboard.text()).toBe('tok-123');
    clipboard.refuse(false);
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
      await Promise.resolve();
    });
    expect(clipboard.text()).toBe('');
    // Done once: what the person copies afterwards stays.
    clipboard.set('tok-123');
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
      await Promise.resolve();
    });
    expect(clipboard.text()).toBe('tok-123');
  });
});

