import { describe, expect, it } from 'vitest';
import type { AdminLog } from '../admin/admin-log';
import { leftoverAudit } from './leftover-audit';

type Recorded = Parameters<AdminLog['record']>[0];

describe('leftoverAudit', () => {
  it('records what a start stopped as the app’s own doing (a store’s program’s named so), a report that came before the log opened too', () => {
    const audit = leftoverAudit();
    audit.report({ server: 'files', kind: 'server', stopped: [{ pid: 12, name: 'sleep' }], leftRunning: [] });
    const recorded: Recorded[] = [];
    const stop = audit.to({ record: (entry) => (recorded.push(entry), { ...entry, id: 'x', time: 0 }) });
    audit.report({ server: 'web', kind: 'server', stopped: [{ pid: 13, name: 'chrome' }, { pid: 14, name: 'sh' }], leftRunning: [{ pid: 15, name: 'bash' }] });
    audit.report({ server: 'pass', kind: 'store', stopped: [{ pid: 16, name: 'gpg' }], leftRunning: [] });
    stop();
    audit.report({ server: 'late', kind: 'server', stopped: [], leftRunning: [] });
    expect(recorded.map((e) => [e.who, e.method, e.outcome, e.summary])).toEqual([
      ['core', 'stopLeftoverProcesses', 'ok', 'files: stopped 1 process it left running when the app ended without stopping it'],
      ['core', 'stopLeftoverProcesses', 'ok', 'web: stopped 2 processes it left running when the app ended without stopping it; left running 1 that carry its run mark without proof'],
      ['core', 'stopLeftoverProcesses', 'ok', 'store pass: stopped 1 process it left running when the app ended without stopping it'],
    ]);
    expect(recorded[1]?.input).toEqual({ server: 'web', kind: 'server', stopped: [{ pid: 13, name: 'chrome' }, { pid: 14, name: 'sh' }], leftRunning: [{ pid: 15, name: 'bash' }] });
  });
});
