// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { appTool, appToolApi, openAppPanel, renderApp } from '../../../../test/support/renderer';

afterEach(cleanup);

const TOOL = appTool('map', 'show-map');

async function openPanel() {
  renderApp(appToolApi(TOOL), { hash: '#/services/map/tools/show-map' });
  return openAppPanel(TOOL);
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
