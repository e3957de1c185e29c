// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CodedError } from '../../../../shared/errors';
import { appTool, appToolApi, createFakeClock, renderApp } from '../../../../test/support/renderer';
import { KEEP_APP_EVERY_MS } from './app-kept';

afterEach(cleanup);

const TOOL = appTool('map', 'show-map');

// The core keeps an open app only while its panel keeps it: a map left open an hour still works.
describe('an open app panel keeps its app', () => {
  it('keeps it every minute while open, and says so when the core no longer has it', async () => {
    let gone = false;
    const clock = createFakeClock();
    const api = appToolApi(TOOL, {
      keepApp: () => {
        if (gone) throw new CodedError('not_found', 'That app was closed or has expired');
        return { ok: true as const };
      },
    });
    renderApp(api, { hash: '#/services/map/tools/show-map', clock });
    fireEvent.click(await screen.findByRole('button', { name: 'Call show-map' }));
    const panel = await screen.findByRole('region', { name: 'App of show-map' });
    await waitFor(() => expect(panel.querySelector('iframe')).not.toBeNull());
    // The iframe can be on the page before the panel's effect starts its timer, and a minute moved
    // before that keeps nothing: move time until the first keep, then count the hour from there.
    await waitFor(() => {
      act(() => clock.advance(KEEP_APP_EVERY_MS));
      expect(api.callsOf('keepApp')).toHaveLength(1);
    });
    for (let minute = 1; minute < 60; minute++) act(() => clock.advance(KEEP_APP_EVERY_MS));
    await waitFor(() => expect(api.callsOf('keepApp')).toHaveLength(60));
    expect(api.callsOf('keepApp')[0]).toEqual({ appId: 'app-1' });
    expect(panel.querySelector('iframe')).not.toBeNull();

    gone = true;
    act(() => clock.advance(KEEP_APP_EVERY_MS));
    await screen.findByText(/This app expired and was closed/);
    expect(panel.querySelector('iframe')).toBeNull();
  });
});
