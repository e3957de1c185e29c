// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeClipboard } from '../../test/support/renderer';
import { CLIPBOARD_CLEAR_MS, SecretField } from './secret-field';

let clipboard: ReturnType<typeof installFakeClipboard>;
beforeEach(() => {
  clipboard = installFakeClipboard();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** A click whose handler starts promises: they settle before the assertions. */
async function clickAndSettle(element: HTMLElement): Promise<void> {
  fireEvent.click(element);
  await Promise.resolve();
}

describe('a secret on screen', () => {
  it('stays hidden until the person confirms, and is fetched only then', async () => {
    const load = vi.fn(() => Promise.resolve('s3cret-value'));
    render(<SecretField value={load} label="value of KEY" />);
    expect(screen.getByLabelText('value of KEY, hidden').textContent).not.toContain('s3cret');
    fireEvent.click(screen.getByRole('button', { name: 'Reveal' }));
    expect(load).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Keep hidden' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reveal' }));
    await act(() => clickAndSettle(screen.getByRole('button', { name: 'Show value of KEY' })));
    expect(screen.getByLabelText('value of KEY').textContent).toBe('s3cret-value');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows control and hidden characters as escapes, never raw', async () => {
    render(<SecretField value={() => Promise.resolve('abc\u0000tail\u001b[31m\u202eevil')} label="value of KEY" />);
    fireEvent.click(screen.getByRole('button', { name: 'Reveal' }));
    await act(() => clickAndSettle(screen.getByRole('button', { name: 'Show value of KEY' })));
    expect(screen.getByLabelText('value of KEY').textContent).toBe('abc\\u0000tail\\u001b[31m\\u202eevil');
  });

  it('keeps the keyboard in place: each button that takes the pressed one\'s place takes the focus', async () => {
    render(<SecretField value={() => Promise.resolve('s3cret-value')} label="value of KEY" />);
    fireEvent.click(screen.getByRole('button', { name: 'Reveal' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Show value of KEY' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep hidden' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Reveal' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reveal' }));
    await act(() => clickAndSettle(screen.getByRole('button', { name: 'Show value of KEY' })));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Hide' }));
    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Reveal' }));
  });

  it('copied, it leaves the clipboard after 30 s — unless something else was copied since', async () => {
    vi.useFakeTimers();
    render(<SecretField value="tok-123" label="token" />);
    await act(() => clickAndSettle(screen.getByRole('button', { name: 'Copy token' })));
    expect(clipboard.text()).toBe('tok-123');
    await act(async () => vi.advanceTimersByTimeAsync(CLIPBOARD_CLEAR_MS - 1));
    expect(clipboard.text()).toBe('tok-123');
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(clipboard.text()).toBe('');
    await act(() => clickAndSettle(screen.getByRole('button', { name: 'Copy token' })));
    clipboard.set('something the person copied later');
    await act(async () => vi.advanceTimersByTimeAsync(CLIPBOARD_CLEAR_MS));
    expect(clipboard.text()).toBe('something the person copied later');
  });

  it('copied and then closed, it still leaves the clipboard after 30 s', async () => {
    vi.useFakeTimers();
    const { unmount } = render(<SecretField value="tok-456" label="token" />);
    await act(() => clickAndSettle(screen.getByRole('button', { name: 'Copy token' })));
    expect(clipboard.text()).toBe('tok-456');
    unmount();
    await vi.advanceTimersByTimeAsync(CLIPBOARD_CLEAR_MS);
    expect(clipboard.text()).toBe('');
  });
});
