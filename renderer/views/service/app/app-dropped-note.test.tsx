// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { appTool, appToolApi, renderApp } from '../../../../test/support/renderer';

afterEach(cleanup);

const TOOL = appTool('map', 'show-map');

// The loopback and local-network origins a remote server's app declared are left out, and the person is told which.
describe("an app's origins on this computer or the local network that were left out", () => {
  it('are named in the panel', async () => {
    const api = appToolApi(TOOL, {
      openApp: () => ({ appId: 'app-1', frame: 'f-1', address: 'about:blank', allow: '', requested: [], dropped: ['http://localhost:2375', 'https://printer.local'] }),
    });
    renderApp(api, { hash: '#/services/map/tools/show-map' });
    fireEvent.click(await screen.findByRole('button', { name: 'Call show-map' }));
    expect((await screen.findByText(/This app asked to reach http:\/\/localhost:2375, https:\/\/printer\.local on this computer or your local network/)).textContent).toContain('and was kept from them: an app may reach such addresses only when its service runs there too');
  });
});
