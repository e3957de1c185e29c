// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { appTool, appToolApi, openAppPanel, renderApp } from '../../../../test/support/renderer';

afterEach(cleanup);

const TOOL = appTool('map', 'show-map');

// What waits for the person is counted in the status strip, whichever screen shows it.
describe('an address an app asks to open, in the status strip', () => {
  it('is counted while its card waits, and no more once answered', async () => {
    renderApp(appToolApi(TOOL), { hash: '#/services/map/tools/show-map' });
    const strip = await screen.findByRole('region', { name: 'Status' });
    const { panel, frame } = await openAppPanel(TOOL);
    await within(strip).findByText('Nothing waits for you');
    const app = frame.contentWindow;
    if (!app) throw new Error('the frame has no window');
    const request = { jsonrpc: '2.0', id: 1, method: 'ui/open-link', params: { url: 'https://docs.example.com/map' } };
    // The host listens once connected: the app asks until the card shows.
    const send = (data: unknown) => window.dispatchEvent(new MessageEvent('message', { source: app, data }));
    await waitFor(() => {
      send({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} });
      send(request);
      expect(within(panel).getByText('https://docs.example.com/map')).toBeTruthy();
    });
    await within(strip).findByText('An app asks you to open an address');
    expect(within(strip).queryByText('Nothing waits for you')).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: "Don't open" }));
    await within(strip).findByText('Nothing waits for you');
    expect(within(strip).queryByText('An app asks you to open an address')).toBeNull();
  });
});
