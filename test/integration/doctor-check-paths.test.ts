import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DoctorCheck } from '../../shared/api';
import { runDoctor } from '../../electron/app/doctor';
import { pathInDetail } from '../../renderer/views/settings/check-path';

// Settings → Checks shows the path in the config file's and the data folder's checks as Settings → Data
// does: it finds the path in the core's own detail, whatever follows it, and whatever the path holds.

const DIR = path.join(path.sep, 'home', 'ana (mode 700) does not exist', '.config', 'connected-services');

async function checksWith(mode: number | null, configIssues: Parameters<typeof runDoctor>[0]['configIssues'] = []): Promise<DoctorCheck[]> {
  return runDoctor({
    dataDir: DIR, configFile: path.join(DIR, 'mcp.json'), configIssues, servers: {},
    approval: () => 'approved',
    modeOf: () => mode,
    env: { PATH: '' },
    ports: { ui: 0, bridge: 0 },
    portFree: () => Promise.resolve(true),
    nodeVersion: 'v22.0.0',
  });
}

function check(checks: DoctorCheck[], id: string): DoctorCheck {
  const found = checks.find((c) => c.id === id);
  if (found === undefined) throw new Error(`no check ${id}`);
  return found;
}

describe('the path in a check\'s detail', () => {
  it('is the data folder, whether it is kept private, open to others or missing', async () => {
    expect(pathInDetail(check(await checksWith(0o700), 'data-dir'))).toEqual({ path: DIR, rest: ' (mode 700)' });
    expect(pathInDetail(check(await checksWith(0o755), 'data-dir'))).toEqual({ path: DIR, rest: ' is readable by other users (mode 755)' });
    expect(pathInDetail(check(await checksWith(null), 'data-dir'))).toEqual({ path: DIR, rest: ' does not exist' });
  });

  it('is the config file when it passes, and none when the detail lists its problems', async () => {
    expect(pathInDetail(check(await checksWith(0o700), 'config'))).toEqual({ path: path.join(DIR, 'mcp.json'), rest: '' });
    const failed = check(await checksWith(0o700, [{ file: path.join(DIR, 'mcp.json'), server: 'x', message: 'needs a command or a url' }]), 'config');
    expect(failed.status).toBe('fail');
    expect(pathInDetail(failed)).toBeUndefined();
  });

  it('is none in a check of another kind', async () => {
    expect(pathInDetail(check(await checksWith(0o700), 'node'))).toBeUndefined();
  });
});
