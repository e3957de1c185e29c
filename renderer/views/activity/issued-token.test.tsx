// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeClipboard } from '../../../test/support/renderer';
import { CLIPBOARD_CLEAR_MS } from '../../components';
import { IssuedToken } from './confirmation-card';

let clipboard: ReturnType<typeof installFakeClipboard>;
beforeEach(() => {
  clipboard = installFakeClipboard();
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('an issued agent token', () => {
  it('copied, leaves the clipboard after 30 s, like every secret', async () => {
    render(<IssuedToken id="c-1" summary="connect agent cursor" token="cs_agent_tok-9f3a" onDone={() => undefined} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy token' }));
      await Promise.resolve();
    });
    expect(clipboard.text()).toBe('cs_agent_tok-9f3a');
    expect(screen.getByText('Copied; the clipboard is cleared in 30 seconds')).toBeTruthy();
    await act(async () => vi.advanceTimersByTimeAsync(CLIPBOARD_CLEAR_MS));
    expect(clipboard.text()).toBe('');
  });
});
