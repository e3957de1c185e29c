import { describe, expect, it } from 'vitest';
import { webPreferences, windowOptions } from './window-options';

const PRELOAD = '/app/dist/shell-preload.cjs';

describe('windowOptions', () => {
  it('isolates, sandboxes and keeps Node out of the renderer', () => {
    const prefs = windowOptions(PRELOAD).webPreferences;
    expect(prefs).toMatchObject({
      preload: PRELOAD,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      devTools: false,
    });
  });

  it('never sets nodeIntegrationInSubFrames nor anything that loosens the defaults', () => {
    const prefs = windowOptions(PRELOAD, { devTools: true }).webPreferences ?? {};
    expect(Object.keys(prefs)).not.toContain('nodeIntegrationInSubFrames');
    expect(Object.keys(prefs)).not.toContain('additionalArguments');
    expect(Object.keys(prefs)).not.toContain('partition');
    expect(prefs.devTools).toBe(true);
    // Whatever else is set, the security switches stay as they are.
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true });
  });

  it('opens hidden until the first paint and names the app', () => {
    const options = windowOptions(PRELOAD);
    expect(options.show).toBe(false);
    expect(options.title).toBe('Connected Services');
    expect(webPreferences(PRELOAD)).toEqual(options.webPreferences);
  });
});
