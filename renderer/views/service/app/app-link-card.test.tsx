// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CodedError } from '../../../../shared/errors';
import { LiveContext, type LiveState } from '../../../state';
import { createFakeApi } from '../../../../test/support/renderer';
import { AppLinkCard } from './app-link-card';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderCard(url: string, refuse: boolean) {
  const api = createFakeApi({
    openLink: () => {
      if (refuse) throw new CodedError('denied', 'This link was not opened: localtest.me resolves to 127.0.0.1: it points at this computer');
      return { ok: true };
    },
  });
  const answers: boolean[] = [];
  const live = { api } as unknown as LiveState;
  render(
    <LiveContext.Provider value={live}>
      <AppLinkCard ask={{ url, answer: (opened) => void answers.push(opened) }} server="map" />
    </LiveContext.Provider>,
  );
  return { api, answers };
}

describe('an address an app asks to open', () => {
  it('opens only on Open, checked by the core as a link of the app\'s server', async () => {
    const tab = vi.spyOn(window, 'open').mockReturnValue(null);
    const { api, answers } = renderCard('https://docs.example.com/map', false);
    expect(screen.getByText('https://docs.example.com/map')).toBeTruthy();
    expect(api.callsOf('openLink')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Open in browser' }));
    await waitFor(() => expect(answers).toEqual([true]));
    expect(api.callsOf('openLink')).toEqual([{ url: 'https://docs.example.com/map', server: 'map', checkOnly: true }]);
    expect(tab).toHaveBeenCalledWith('https://docs.example.com/map', '_blank', 'noopener,noreferrer');
  });

  it('a refused one says why to the person, opens nothing, and the app hears only "not opened"', async () => {
    const tab = vi.spyOn(window, 'open').mockReturnValue(null);
    const { answers } = renderCard('https://localtest.me:8443/admin', true);
    fireEvent.click(screen.getByRole('button', { name: 'Open in browser' }));
    expect((await screen.findByRole('alert')).textContent).toContain('localtest.me resolves to 127.0.0.1');
    expect(answers).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(answers).toEqual([false]);
    expect(tab).not.toHaveBeenCalled();
  });

  it("Don't open answers not opened without asking the core", () => {
    const { api, answers } = renderCard('https://docs.example.com/map', false);
    fireEvent.click(screen.getByRole('button', { name: "Don't open" }));
    expect(answers).toEqual([false]);
    expect(api.callsOf('openLink')).toEqual([]);
  });
});
