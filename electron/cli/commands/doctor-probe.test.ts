import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DoctorCheck } from '../../../shared/api';
import { runProgram } from '../program';

type Fn = (...args: never[]) => Promise<unknown>;
const { seen, counted } = vi.hoisted(() => ({
  seen: { probes: 0, reads: 0 },
  counted:
    (fn: Fn, count: () => void): Fn =>
    (...args) => {
      count();
      return fn(...args);
    },
}));
// Each probe asks the app runtime.json names (findLiveApp, or appAnswering on a file already read).
vi.mock('../../app/lifecycle/start-lock', async (importOriginal) => {
  const actual = await importOriginal<{ findLiveApp: Fn; appAnswering: Fn }>();
  return { ...actual, findLiveApp: counted(actual.findLiveApp, () => (seen.probes += 1)), appAnswering: counted(actual.appAnswering, () => (seen.probes += 1)) };
});
vi.mock('../../app/lifecycle/runtime-file', async (importOriginal) => {
  const actual = await importOriginal<{ readRuntimeFile: Fn }>();
  return { ...actual, readRuntimeFile: counted(actual.readRuntimeFile, () => (seen.reads += 1)) };
});

// The probe's read, and the own core's set-up (the bridge address agents are told, the command line's API): no check reads it again.
const READS = 3;

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'doctor probe', DBUS_SESSION_BUS_ADDRESS: '' };

async function doctor(home: string): Promise<DoctorCheck[]> {
  const out: string[] = [];
  await runProgram(['node', 'connected-services', '--home', home, 'doctor', '--json'], { ...ENV, HOME: join(home, '..') }, { out: (line) => out.push(line), err: () => undefined });
  return JSON.parse(out.join('\n')) as DoctorCheck[];
}

describe('doctor looks at runtime.json once', () => {
  afterEach(() => {
    seen.probes = 0;
    seen.reads = 0;
    process.exitCode = undefined;
  });

  it('with no app running: one probe, the bridge port is checked, and the UI is said to take a free one', async () => {
    const home = join(mkdtempSync(join(tmpdir(), 'cs-doctor-probe-')), 'home');
    const checks = await doctor(home);
    expect(seen).toEqual({ probes: 1, reads: READS });
    expect(checks.find((c) => c.id === 'port:UI')).toMatchObject({ title: 'UI port', status: 'ok', detail: expect.stringContaining('new at each start') as unknown });
    expect(checks.find((c) => c.id === 'port:bridge')).toMatchObject({ title: expect.stringMatching(/^bridge port \d+$/) as unknown });
  }, 60_000);

  it('with runtime.json naming a live process that does not answer: one probe, and the port check reports it from that probe', async () => {
    const home = join(mkdtempSync(join(tmpdir(), 'cs-doctor-probe-')), 'home');
    await doctor(home);
    // This test's own process: alive, and nothing of the app listens on port 9 of 127.0.0.1.
    writeFileSync(join(home, 'runtime.json'), JSON.stringify({ pid: process.pid, origin: 'http://127.0.0.1:9', secret: 's', bridge: null, startedAt: 1 }), { mode: 0o600 });
    seen.probes = 0;
    seen.reads = 0;
    const checks = await doctor(home);
    expect(seen).toEqual({ probes: 1, reads: READS });
    expect(checks.find((c) => c.id === 'port:UI')).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining(`runtime.json names the app (pid ${process.pid}) at http://127.0.0.1:9, which does not answer`) as unknown,
    });
  }, 60_000);
});
