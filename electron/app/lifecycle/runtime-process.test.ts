import { describe, expect, it } from 'vitest';
import type { LockOwner, ProcessProbe } from '../../fs-safe';
import type { RuntimeInfo } from './runtime-file';
import { runtimeProcessRuns } from './runtime-process';

const APP_PID = 4242;

/** A machine where only `running` pids exist, each started at the given clock tick. */
function probe(running: Record<number, string>): ProcessProbe {
  return {
    hostname: () => 'host-a',
    pid: 1000,
    signal0: (pid) => {
      if (!Object.hasOwn(running, pid)) throw Object.assign(new Error('no such process'), { code: 'ESRCH' });
    },
    bootId: () => Promise.resolve('boot-1'),
    processStat: (pid) => Promise.resolve(Object.hasOwn(running, pid) ? { start: running[pid] ?? '', state: 'S' } : undefined),
  };
}

const owner: LockOwner = { v: 1, pid: APP_PID, host: 'host-a', nonce: 'nonce-app-12345', boot: 'boot-1', start: '777', since: '2026-01-01T00:00:00.000Z' };
const info: RuntimeInfo = { pid: APP_PID, origin: 'http://127.0.0.1:5000', secret: 's'.repeat(32), bridge: 'http://127.0.0.1:5001/mcp', startedAt: 0, owner };

describe('runtimeProcessRuns', () => {
  it('is true for the process that wrote runtime.json', async () => {
    expect(await runtimeProcessRuns(info, probe({ [APP_PID]: '777' }))).toBe(true);
  });

  it('is false once that process is gone (a crash leaves the file)', async () => {
    expect(await runtimeProcessRuns(info, probe({}))).toBe(false);
  });

  it('is false when its pid now belongs to another process (started at another time)', async () => {
    expect(await runtimeProcessRuns(info, probe({ [APP_PID]: '9999' }))).toBe(false);
  });

  it('is false after a reboot, whatever runs under the pid', async () => {
    expect(await runtimeProcessRuns({ ...info, owner: { ...owner, boot: 'boot-0' } }, probe({ [APP_PID]: '777' }))).toBe(false);
  });

  it('without an owner record, a live pid is all there is to go by', async () => {
    const { owner: _dropped, ...bare } = info;
    expect(await runtimeProcessRuns(bare, probe({ [APP_PID]: '1' }))).toBe(true);
    expect(await runtimeProcessRuns(bare, probe({}))).toBe(false);
  });
});
