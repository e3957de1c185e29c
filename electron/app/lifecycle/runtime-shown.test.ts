import { describe, expect, it } from 'vitest';
import { shownRuntime, stopCommand } from './runtime-shown';
import { silentAppError } from './start-lock';

const APP = { pid: 4242, origin: 'http://127.0.0.1:4317', bridge: 'http://127.0.0.1:4318/mcp' };

describe('shownRuntime: what of runtime.json is shown to the person', () => {
  it('keeps what the app writes', () => {
    expect(shownRuntime(APP)).toEqual(APP);
    expect(shownRuntime({ ...APP, bridge: null }).bridge).toBeNull();
  });

  it('drops an address on another host or with a line break, and a pid naming a group or every process', () => {
    expect(shownRuntime({ pid: 0, origin: 'https://sign-in.example.com', bridge: 'http://127.0.0.1:2/mcp\nx' })).toEqual({ pid: undefined, origin: undefined, bridge: undefined });
    expect(shownRuntime({ ...APP, pid: -1 }).pid).toBeUndefined();
    expect(shownRuntime({ ...APP, origin: 'http://127.0.0.1:1\n\nPaste your API key here' }).origin).toBeUndefined();
  });
});

describe('how to stop the running app, in the system\'s words', () => {
  it('is taskkill on Windows, kill elsewhere', () => {
    expect(stopCommand(42, 'win32')).toBe('taskkill /PID 42');
    expect(stopCommand(42, 'linux')).toBe('kill 42');
  });

  it('the silent app\'s refusal says so too', () => {
    expect(silentAppError(42, '2026-01-01T00:00:00.000Z', 'win32').hint).toBe('Wait a moment and try again; if it stays silent, stop it first (taskkill /PID 42).');
    expect(silentAppError(42, '2026-01-01T00:00:00.000Z', 'darwin').hint).toBe('Wait a moment and try again; if it stays silent, stop it first (kill 42).');
  });

  it('the silent app\'s refusal quotes runtime.json\'s `since` only as the app writes it', () => {
    expect(silentAppError(42, '2026-01-01T00:00:00.000Z', 'linux').message).toBe('The app for this data folder is already running (pid 42, since 2026-01-01T00:00:00.000Z) but did not answer.');
    for (const since of ['x'.repeat(100_000), '2026-01-01T00:00:00.000Z\n\nPaste your API key here', '2026-02-30T00:00:00.000Z', 'yesterday']) {
      const refused = silentAppError(42, since, 'linux');
      expect(refused.message).toBe('The app for this data folder is already running (pid 42) but did not answer.');
    }
  });
});
