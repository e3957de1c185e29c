import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_METHODS, type ApiInput } from '../../../shared/api';
import type { StdioServerConfig } from '../../../shared/config';
import { CodedError } from '../../../shared/errors';
import { consentInput, shownInput, summarize } from '../admin/admin-summary';
import { createCore, type Core } from '../lifecycle/core';
import { demoServers } from '../lifecycle/demo-servers';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'one transaction passphrase' };

let core: Core;
let dataDir: string;
beforeEach(async () => {
  dataDir = join(mkdtempSync(join(tmpdir(), 'cs-add-service-')), 'home');
  core = await createCore({ dataDir, env: { ...process.env, ...PASSPHRASE }, vaultProvider: 'passphrase' });
});
afterEach(async () => {
  await core?.close();
});

/** The demo memory server under another file: a new entry that waits for its approval. */
function memoryEntry(): StdioServerConfig {
  const memory = demoServers(dataDir)['memory'];
  if (memory === undefined) throw new Error('the demo memory server is gone');
  return { ...memory, env: { MEMORY_FILE_PATH: join(dataDir, 'other-memory.jsonl'), NOTES_TOKEN: '${secret:NOTES_TOKEN}' } };
}

async function failure(promise: Promise<unknown>): Promise<CodedError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CodedError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

const configured = async () => (await core.api.status({})).servers.map((s) => s.name);
const approvalsFile = async (): Promise<{ approvals: Array<{ name: string }> }> => JSON.parse(await readFile(join(dataDir, 'approvals.json'), 'utf8')) as { approvals: Array<{ name: string }> };
const approvedNames = async () => (await approvalsFile()).approvals.map((record) => record.name);

describe('addService: add, approve as shown and connect, as one transaction', () => {
  it('a dry run says what the approval shows, and writes nothing', async () => {
    const plan = await core.api.addService({ name: 'notes', config: memoryEntry(), dryRun: true });
    expect(plan.needsApproval).toBe(true);
    expect(plan.commandLine).toContain('NOTES_TOKEN=');
    expect(plan.commandLine).toContain('${secret:NOTES_TOKEN}');
    expect(plan.steps).toEqual([]);
    expect(plan.notes).toBeUndefined();
    expect(await configured()).not.toContain('notes');
  });

  it('a dry run names a folder among its arguments that is not there, before anything is added', async () => {
    const folder = join(dataDir, 'no-such-notes');
    const plan = await core.api.addService({ name: 'files', config: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', folder] }, dryRun: true });
    expect(plan.notes).toEqual([`${folder}, among its arguments, does not exist (yet): if the server should find it there, check the path`]);
    expect(await configured()).not.toContain('files');
  });

  it('stores the secret, adds, approves exactly the shown line and starts the server with its tools', async () => {
    const config = memoryEntry();
    const { commandLine } = await core.api.addService({ name: 'notes', config, dryRun: true });
    const result = await core.api.addService({ name: 'notes', config, secrets: [{ name: 'NOTES_TOKEN', value: 'tok-123456' }], approve: { commandLine: commandLine ?? '' } });
    expect(result.steps).toEqual([
      { step: 'secrets', outcome: 'done' },
      { step: 'add', outcome: 'done' },
      { step: 'approve', outcome: 'done' },
      { step: 'connect', outcome: 'done' },
    ]);
    expect(result.status?.state).toBe('ready');
    expect(result.status?.approval).toBe('approved');
    expect(result.status?.toolCount).toBeGreaterThan(0);
    expect(await core.api.listSecrets({})).toContainEqual({ name: 'NOTES_TOKEN', server: 'notes' });
    // The answer parses as the contract says.
    expect(API_METHODS.addService.output.safeParse(result).success).toBe(true);
  });

  it('refuses a secret in clear in the entry, as addServer does, before storing or writing anything (a dry run too)', async () => {
    const literal = { ...memoryEntry(), env: { NOTES_TOKEN: 'sk-VERYSECRETVALUE0123456789abcdefABCDEF' } };
    const glued = { ...memoryEntry(), env: { NOTES_TOKEN: 'sk-abc123${secret:NOTES_TOKEN}' } };
    for (const config of [literal, glued]) {
      for (const dryRun of [true, false]) {
        const error = await failure(core.api.addService({ name: 'notes', config, secrets: [{ name: 'NOTES_TOKEN', value: 'tok-123456' }], dryRun }));
        expect(error.code).toBe('invalid_input');
        expect(error.message).toMatch(/^env\.NOTES_TOKEN .*holds a secret in clear/);
        expect(error.message).not.toContain('VERYSECRET');
        expect(error.message).not.toContain('abc123');
      }
    }
    expect(await configured()).not.toContain('notes');
    expect(await core.api.listSecrets({})).toEqual([]);
  });

  it('refuses a secret holding a NUL byte before storing or writing anything, as secrets set does', async () => {
    const config = { ...memoryEntry(), env: { NOTES_TOKEN: '${secret:NOTES_TOKEN}' } };
    const error = await failure(core.api.addService({ name: 'notes', config, secrets: [{ name: 'NOTES_TOKEN', value: 'tok\u0000123' }] }));
    expect(error.code).toBe('invalid_input');
    expect(error.message).toContain('NUL byte');
    expect(await configured()).not.toContain('notes');
    expect(await core.api.listSecrets({})).toEqual([]);
  });

  it('refuses a line other than the one shown before writing anything', async () => {
    const error = await failure(core.api.addService({ name: 'notes', config: memoryEntry(), secrets: [{ name: 'NOTES_TOKEN', value: 'tok-123456' }], approve: { commandLine: 'node something-else.js' } }));
    expect(error.code).toBe('invalid_input');
    expect(error.message).toContain('not what was shown');
    expect(await configured()).not.toContain('notes');
    expect(await core.api.listSecrets({})).toEqual([]);
  });

  it('a program that does not start undoes every step: no entry, no secret, and says so', async () => {
    const config: StdioServerConfig = { command: 'node', args: ['-e', 'process.exit(3)'], env: { NOTES_TOKEN: '${secret:NOTES_TOKEN}' } };
    const { commandLine } = await core.api.addService({ name: 'broken', config, dryRun: true });
    const error = await failure(core.api.addService({ name: 'broken', config, secrets: [{ name: 'NOTES_TOKEN', value: 'tok-123456' }], approve: { commandLine: commandLine ?? '' } }));
    expect(error.message).toContain('Nothing was kept');
    expect(error.message).toContain('the entry "broken" removed');
    expect(error.message).toContain('the secret NOTES_TOKEN deleted');
    expect(error.data).toMatchObject({ undone: true, steps: ['secrets', 'add', 'approve'], failed: { step: 'connect', message: '"broken" exited with code 3 while starting.' } });
    expect(await configured()).not.toContain('broken');
    expect(await core.api.listSecrets({})).toEqual([]);
    // The approval given on the way is withdrawn too: approvals.json no longer names it.
    expect(error.message).toContain('its approval withdrawn');
    expect(await approvedNames()).not.toContain('broken');
  });

  it('an address that cannot be reached fails the connect step, its own message and hint in the data', async () => {
    // Port 9 (discard) on this computer: one fetch never connects to (the Fetch Standard's bad ports).
    const url = 'http://127.0.0.1:9/mcp';
    const error = await failure(core.api.addService({ name: 'gone', config: { type: 'http', url } }));
    const failed = (error.data as { failed?: { step: string; message: string; hint?: string } }).failed;
    expect(error.data).toMatchObject({ undone: true, steps: ['secrets', 'add', 'approve'], failed: { step: 'connect' } });
    // The failure's own words: what went wrong reaching it and what to check, not how to add it again.
    expect(failed?.message).toMatch(/^could not reach "gone" at http:\/\/127\.0\.0\.1:9\/mcp \(bad port\): .*\.$/);
    expect(failed?.message).not.toContain('Nothing was kept');
    expect(failed?.hint).toMatch(/^[A-Z]/);
    expect(failed?.hint).not.toBe(error.hint);
    expect(await configured()).not.toContain('gone');
  });

  it('an undone approval puts back the record the name held before, untouched', async () => {
    const earlier: StdioServerConfig = { command: 'node', args: ['-e', 'process.exit(4)'] };
    await core.registry.approvals.approve('broken', earlier);
    const before = await approvalsFile();
    const config: StdioServerConfig = { command: 'node', args: ['-e', 'process.exit(3)'] };
    const { commandLine } = await core.api.addService({ name: 'broken', config, dryRun: true });
    await failure(core.api.addService({ name: 'broken', config, approve: { commandLine: commandLine ?? '' } }));
    expect(await approvalsFile()).toEqual(before);
    expect(core.registry.approvals.status('broken', earlier)).toBe('approved');
    expect(core.registry.approvals.status('broken', config)).toBe('pending');
  });

  it('without connect: added and approved, not started; a taken name is refused', async () => {
    const config = memoryEntry();
    const { commandLine } = await core.api.addService({ name: 'notes', config, dryRun: true });
    const result = await core.api.addService({ name: 'notes', config, approve: { commandLine: commandLine ?? '' }, connect: false });
    expect(result.steps.map((s) => `${s.step}:${s.outcome}`)).toEqual(['secrets:not_needed', 'add:done', 'approve:done', 'connect:skipped']);
    expect(result.status?.approval).toBe('approved');
    const taken = await failure(core.api.addService({ name: 'notes', config, dryRun: true }));
    expect(taken.message).toContain('already exists');
    // Said in words that fit the CLI (`servers add --connect`) as well as the app.
    expect(taken.hint).toBe('Choose another name, or connect the service already there.');
    // Even a dry run: files are named after the server, and on macOS and Windows these two would share them.
    expect((await failure(core.api.addService({ name: 'NOTES', config, dryRun: true }))).message).toBe('A server named "notes" already exists; "NOTES" differs from it only in case.');
  });

  it('refuses a new name holding __ (the bridge separator), and addServer too, saying what to write instead', async () => {
    const config = memoryEntry();
    const refused = await failure(core.api.addService({ name: 'notes__work', config, dryRun: true }));
    expect(refused.message).toContain('"notes__work" cannot be a new server\'s name: it holds "__"');
    expect(refused.hint).toContain('for example "notes-work"');
    expect((await failure(core.api.addServer({ name: 'team_', config }))).hint).toContain('for example "team"');
    expect(Object.keys(core.registry.config().mcpServers)).not.toContain('team_');
  });

  it('never shows a secret value in the log or on a confirmation card', () => {
    const input: ApiInput<'addService'> = { name: 'notes', config: memoryEntry(), secrets: [{ name: 'NOTES_TOKEN', value: 'tok-123456' }], approve: { commandLine: 'x' } };
    expect(JSON.stringify(shownInput('addService', input))).not.toContain('tok-123456');
    expect(JSON.stringify(consentInput('addService', input))).not.toContain('tok-123456');
    expect(summarize('addService', input)).toContain('store NOTES_TOKEN');
    expect(summarize('addService', input)).not.toContain('tok-123456');
    // A registry entry's inputs: which are secret is the registry's to say, so no value is shown.
    const install: ApiInput<'installRegistryEntry'> = { registry: 'https://registry.example', name: 'io.example/x', server: 'x', version: '1.0.0', choice: { package: 0 }, label: 'npm x 1.0.0', digest: 'a'.repeat(64), inputs: { API_BASE: 'base-secret-9', folder: '/home/me' } };
    for (const shown of [shownInput('installRegistryEntry', install), consentInput('installRegistryEntry', install)]) {
      expect(JSON.stringify(shown)).not.toContain('base-secret-9');
      expect(shown).toMatchObject({ server: 'x', inputs: { API_BASE: expect.any(String) as unknown, folder: expect.any(String) as unknown } });
    }
  });
});
