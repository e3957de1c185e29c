import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DoctorCheck } from '../../../shared/api';
import * as RuntimeFile from '../../app/lifecycle/runtime-file';
import * as StartLock from '../../app/lifecycle/start-lock';
import { runProgram } from '../program';

const { readRuntimeFile } = RuntimeFile;
const { appAnswering, findLiveApp } = StartLock;

// Each probe asks the app runtime.json names (findLiveApp, or appAnswering on a file already read).
vi.mock('../../app/lifecycle/start-lock', async (importOriginal) => {
  const actual = await importOriginal<typeof StartLock>();
  return { ...actual, findLiveApp: vi.fn(actual.findLiveApp), appAnswering: vi.fn(actual.appAnswering) };
});
vi.mock('../../app/lifecycle/runtime-file', async (importOriginal) => {
  const actual = await importOriginal<typeof RuntimeFile>();
  return { ...actual, readRuntimeFile: vi.fn(actual.readRuntimeFile) };
});

const probes = (): number => vi.mocked(findLiveApp).mock.calls.length + vi.mocked(appAnswering).mock.calls.length;
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
    vi.clearAllMocks();
    process.exitCode = undefined;
  });

  it('with no app running: one probe, and the ports are checked as free', async () => {
    const home = join(mkdtempSync(join(tmpdir(), 'cs-doctor-probe-')), 'home');
    const checks = await doctor(home);
    expect(probes()).toBe(1);
    expect(vi.mocked(readRuntimeFile).mock.calls).toHaveLength(READS);
    expect(checks.find((c) => c.id === 'port:UI')).toMatchObject({ title: expect.stringMatching(/^UI port \d+$/) as unknown });
  }, 60_000);

  it('with runtime.json naming a live process that does not answer: one probe, and the port check reports it from that probe', async () => {
    const home = join(mkdtempSync(join(tmpdir(), 'cs-doctor-probe-')), 'home');
    await doctor(home);
    // This test's own process: alive, and nothing of the app listens on port 9 of 127.0.0.1.
    writeFileSync(join(home, 'runtime.json'), JSON.stringify({ pid: process.pid, origin: 'http://127.0.0.1:9', secret: 's', bridge: null, startedAt: 1 }), { mode: 0o600 });
    vi.clearAllMocks();
    const checks = await doctor(home);
    expect(probes()).toBe(1);
    expect(vi.mocked(readRuntimeFile).mock.calls).toHaveLength(READS);
    expect(checks.find((c) => c.id === 'port:UI')).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining(`runtime.json names the app (pid ${process.pid}) at http://127.0.0.1:9, which does not answer`) as unknown,
    });
  }, 60_000);
});
