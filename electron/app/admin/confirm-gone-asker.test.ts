import { describe, expect, it } from 'vitest';
import type { AppApi } from '../../../shared/api';
import type { ProcessMark } from '../../proc-env';
import { CodeOwners } from '../door/code-owners';
import { Confirmations } from '../door/confirmations';
import { createAdminApi } from './admin-api';
import type { AdminLog } from './admin-log';

function setup(running: Map<number, string>) {
  const ran: string[] = [];
  const recorded: string[] = [];
  const api = { declareServers: () => Promise.resolve(void ran.push('declareServers')).then(() => ({ ok: true })) } as unknown as AppApi;
  const admin = { record: (entry: { outcome: string }) => void recorded.push(entry.outcome) } as unknown as AdminLog;
  const processes = { mark: (pid: number): ProcessMark | undefined => (running.has(pid) ? { pid, start: running.get(pid) ?? '' } : undefined), running: (m: ProcessMark) => running.get(m.pid) === m.start };
  const confirmations = new Confirmations({ processes });
  const forgotten: string[] = [];
  const owners = new CodeOwners({ forget: { servers: (n) => Promise.resolve(void forgotten.push(...n)), agents: () => Promise.resolve() }, running: processes.running, everyMs: 60_000 });
  const adminApi = createAdminApi({ api: () => api, admin, confirmations, owners });
  const ask = () => confirmations.request({ method: 'declareServers', input: { servers: { s: { command: 'echo' } } }, shown: {}, summary: 'declare s', from: 'cli', pid: 7 }).confirmation.id;
  return { adminApi, ask, ran, recorded, owners, forgotten };
}

describe('confirming a request from a program', () => {
  it('changes nothing when its program has exited, and says so', async () => {
    const running = new Map([[7, '1']]);
    const { adminApi, ask, ran, recorded } = setup(running);
    const id = ask();
    running.delete(7);
    const decided = await adminApi.decideConfirmation({ id, decision: 'confirm' }, 'ipc');
    expect(decided).toMatchObject({ outcome: 'failed', error: expect.stringContaining('has exited') as unknown });
    expect(ran).toEqual([]);
    expect(recorded).toEqual(['failed']);
  });

  it('ties what a running program declared to it: forgotten once it is gone', async () => {
    const running = new Map([[7, '1']]);
    const { adminApi, ask, ran, owners, forgotten } = setup(running);
    expect(await adminApi.decideConfirmation({ id: ask(), decision: 'confirm' }, 'ipc')).toMatchObject({ outcome: 'confirmed' });
    expect(ran).toEqual(['declareServers']);
    running.delete(7);
    await owners.sweep();
    expect(forgotten).toEqual(['s']);
  });
});
