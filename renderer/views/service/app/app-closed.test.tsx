// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { appTool, appToolApi, renderApp } from '../../../../test/support/renderer';

afterEach(cleanup);

const TOOL = appTool('map', 'show-map');
/** A core with one server whose tool opens an app. */
const mapApi = () => appToolApi(TOOL);

const NOTE = 'This app was closed: it used 700 MB of memory, more than the 512 MB an app may use.';

// Issue #36: an app the desktop app closes itself (its memory bound) leaves its panel with the reason.
describe('an app the host closed', () => {
  it('removes the frame, shows the host’s note, and tells the core to close it', async () => {
    const api = mapApi();
    renderApp(api, { hash: '#/services/map/tools/show-map' });
    fireEvent.click(await screen.findByRole('button', { name: 'Call show-map' }));
    const panel = await screen.findByRole('region', { name: 'App of show-map' });
    await waitFor(() => expect(panel.querySelector('iframe')).not.toBeNull());
    // Another app's closing is not this one's.
    api.emit('appClosed', { appId: 'app-2', reason: 'memory', message: 'other' });
    expect(panel.querySelector('iframe')).not.toBeNull();
    api.emit('appClosed', { appId: 'app-1', reason: 'memory', message: NOTE });
    await screen.findByText(NOTE);
    expect(panel.querySelector('iframe')).toBeNull();
    await waitFor(() => expect(api.callsOf('closeApp')).toContainEqual({ appId: 'app-1' }));
  });

  it('says, once the person closed it, how to reopen it', async () => {
    const api = mapApi();
    renderApp(api, { hash: '#/services/map/tools/show-map' });
    fireEvent.click(await screen.findByRole('button', { name: 'Call show-map' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Close the app of show-map' }));
    await screen.findByText('The app is closed. Press “Call show-map” again to reopen it.');
    await waitFor(() => expect(api.callsOf('closeApp')).toContainEqual({ appId: 'app-1' }));
  });
});
