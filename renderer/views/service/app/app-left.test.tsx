// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../../../shared/api';
import { createFakeApi, renderApp, serverStatus } from '../../../../test/support/renderer';

afterEach(cleanup);

const TOOL: ToolInfo = { server: 'map', name: 'show-map', inputSchema: { type: 'object' }, app: { resourceUri: 'ui://map/view.html', visibility: ['model', 'app'] } };

async function openPanel() {
  const api = createFakeApi({
    status: async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'map', toolCount: 1 })] }),
    listTools: () => [TOOL],
    callTool: () => ({ content: [{ type: 'text', text: 'shown' }] }),
    openApp: () => ({ appId: 'app-1', frame: 'f-1', address: 'about:blank', allow: '', requested: [] }),
    closeApp: () => ({ ok: true as const }),
  });
  renderApp(api, { hash: '#/services/map/tools/show-map' });
  fireEvent.click(await screen.findByRole('button', { name: 'Call show-map' }));
  const panel = await screen.findByRole('region', { name: 'App of show-map' });
  const frame = await waitFor(() => {
    const found = panel.querySelector('iframe');
    if (!found) throw new Error('no frame yet');
    return found;
  });
  return { panel, frame };
}

/** What Chromium dispatches at the page when its frame-src stops a frame's navigation (the event names no element). */
function frameSrcViolation(blockedURI: string) {
  document.dispatchEvent(Object.assign(new Event('securitypolicyviolation'), { effectiveDirective: 'frame-src', blockedURI }));
}

const STOPPED = /^The app tried to move its frame to/;

// A meta refresh or `location.href = …` in an app: the page's frame-src stops it; the person is told.
describe('an app that navigates its frame', () => {
  it('is named in the panel once the browser stopped it and the frame loaded its error page', async () => {
    const { panel, frame } = await openPanel();
    fireEvent.load(frame);
    frameSrcViolation('https://spy.example');
    fireEvent.load(frame);
    const note = await within(panel).findByText(STOPPED);
    expect(note.textContent).toBe(
      'The app tried to move its frame to a page of https://spy.example, and was stopped: an app may show only the page its server gave it. If its frame is now empty or shows an error, press “Call show-map” again to reopen the app.',
    );
    expect(note.getAttribute('role')).toBe('status');
  });

  it('says nothing for its frame’s own loads, nor for a report another frame caused', async () => {
    const { panel, frame } = await openPanel();
    fireEvent.load(frame);
    fireEvent.load(frame);
    // Another directive, or a frame of this page that is not loading again.
    document.dispatchEvent(Object.assign(new Event('securitypolicyviolation'), { effectiveDirective: 'img-src', blockedURI: 'https://img.example' }));
    fireEvent.load(frame);
    frameSrcViolation('https://elsewhere.example');
    await screen.findByText('shown');
    expect(within(panel).queryByText(STOPPED)).toBeNull();
  });
});
