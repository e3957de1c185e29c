import { describe, expect, it } from 'vitest';
import { shownRuntime, stopCommand } from './runtime-shown';
import { busyAppError } from './busy-app';

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

  const silent = (since: string, pid = 42) => ({ ...APP, pid, owner: { since } });
  const AT = '2026-01-01T00:00:00.000Z';

  it("the silent app's refusal says to wait and how to look, and to stop it only if it never answers", () => {
    expect(busyAppError(silent(AT), 12_000, 'linux', 'run this command again').hint).toBe(
      'Wait a moment, then run this command again. To see whether it is alive: `curl http://127.0.0.1:4317/health` answers {"ok":true} when it answers again; ' +
        '`ps -o stat= -p 42` shows T if it is stopped (`kill -CONT 42` resumes it). Stop it (kill 42) only if it never answers.',
    );
    expect(busyAppError(silent(AT), 12_000, 'win32', 'start it again').hint).toBe(
      'Wait a moment, then start it again. To see whether it is alive: `curl http://127.0.0.1:4317/health` answers {"ok":true} when it answers again. Stop it (taskkill /PID 42) only if it never answers.',
    );
    // A pid naming a group or every process is never one to stop or to look at.
    expect(busyAppError({ ...silent(AT), pid: -1, origin: 'https://example.com' }, 12_000, 'linux', 'start it again').hint).toBe('Wait a moment, then start it again.');
  });

  it("the silent app's refusal quotes runtime.json's `since` only as the app writes it", () => {
    expect(busyAppError(silent(AT), 12_000, 'linux', 'x').message).toBe(
      'The app for this data folder is already running (pid 42, since 2026-01-01T00:00:00.000Z) but did not answer within 12 s: it may be busy (starting its servers, under load) or stopped.',
    );
    for (const since of ['x'.repeat(100_000), '2026-01-01T00:00:00.000Z\n\nPaste your API key here', '2026-02-30T00:00:00.000Z', 'yesterday']) {
      expect(busyAppError(silent(since), 12_000, 'linux', 'x').message).toBe('The app for this data folder is already running (pid 42) but did not answer within 12 s: it may be busy (starting its servers, under load) or stopped.');
    }
  });
});
