import { describe, expect, it } from 'vitest';
import type { ApiOutput } from '../../shared/api';
import { WRONG_PASSPHRASE_HINT } from '../vault';
import { forProgramAnswer } from './program-fixes';

const LOCKED = `The passphrase does not open the vault /h/vault.enc. ${WRONG_PASSPHRASE_HINT}`;
const GIVEN = "Check the passphrase given as CONNECTED_SERVICES_PASSPHRASE in openConnectedServices({ env }) or in the program's environment, and open it again";

describe("an answer's fixes in a program's words", () => {
  it("names the call for the doctor's fixes, and leaves a check without a fix as it is", () => {
    const checks: ApiOutput<'doctor'> = [
      { id: 'server:files', title: 'files', status: 'warn', detail: 'its command is waiting for your approval', fix: 'connected-services servers approve files' },
      { id: 'vault', title: 'Vault', status: 'ok', detail: 'ready' },
    ];
    expect(forProgramAnswer('doctor', checks)).toEqual([{ ...checks[0], fix: '`cs.approveServer("files")`' }, checks[1]]);
  });

  it("names the call for status's missing header secrets, and leaves other answers as they are", () => {
    const gap = { server: 'web', header: 'Authorization', name: 'TOKEN', reference: '${secret:TOKEN}', fix: 'connected-services secrets set TOKEN' };
    const status = { servers: [], missingHeaderSecrets: [gap] } as unknown as ApiOutput<'status'>;
    expect(forProgramAnswer('status', status)).toMatchObject({ missingHeaderSecrets: [{ ...gap, fix: '`cs.setSecret("TOKEN", value)`' }] });
    const tools = [{ server: 'files', name: 'read', description: 'run connected-services servers approve files' }];
    expect(forProgramAnswer('listTools', tools)).toBe(tools);
  });

  it("names the calls in an agent configuration's notes and a client plan's, and leaves the entry as it is", () => {
    const config: ApiOutput<'agentConfig'> = {
      text: '{ "command": "connected-services" }',
      for: 'cursor',
      notes: ['start the client with it set, or print the token in with --token-stdin', 'make its names fit cursor\'s prefix: connected-services agents set "reader" --for cursor'],
    };
    expect(forProgramAnswer('agentConfig', config)).toEqual({
      ...config,
      notes: ["start the client with it set, or give it as agentConfig's `token`", 'make its names fit cursor\'s prefix: `cs.updateAgent({ name: "reader", client: "cursor" })`'],
    });
    const plan = { client: 'cursor', agent: 'reader', notes: ['make them fit with connected-services agents set "reader" --for cursor'] } as unknown as ApiOutput<'planClientConnection'>;
    const fitted = ['make them fit with `cs.updateAgent({ name: "reader", client: "cursor" })`'];
    expect(forProgramAnswer('planClientConnection', plan)).toEqual({ ...plan, notes: fitted });
    expect(forProgramAnswer('connectClient', { plan, backup: '/b' })).toEqual({ plan: { ...plan, notes: fitted }, backup: '/b' });
  });

  // A vault the program's passphrase did not open said "(or the passphrase you typed)": a program types nothing.
  it('says a locked vault is opened by the passphrase the program gave, in the vault store, status and the doctor', () => {
    const stores = [{ name: 'vault', type: 'vault', abilities: { list: true, set: true, delete: true }, ok: false, used: true, detail: `The secret store "vault" is locked: ${LOCKED.replace(/\.$/, '')}.`, fix: 'Run `connected-services doctor` for more.' }];
    expect(forProgramAnswer('listSecretStores', stores)).toEqual([{ ...stores[0], detail: `The secret store "vault" is locked: The passphrase does not open the vault /h/vault.enc. ${GIVEN}.`, fix: 'Run `cs.api.doctor()` for more.' }]);
    const status = { servers: [], vault: { state: 'locked', message: LOCKED } } as unknown as ApiOutput<'status'>;
    expect(forProgramAnswer('status', status)).toEqual({ ...status, vault: { ...status.vault, message: `The passphrase does not open the vault /h/vault.enc. ${GIVEN}.` } });
    const checks: ApiOutput<'doctor'> = [{ id: 'vault', title: 'Vault', status: 'fail', detail: LOCKED }];
    expect(JSON.stringify(forProgramAnswer('doctor', checks))).not.toContain('you typed');
  });
});
