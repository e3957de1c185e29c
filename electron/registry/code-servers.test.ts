import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../shared/config';
import { CodedError } from '../../shared/errors';
import { openRegistry } from './registry';
import type { Registry } from './types';

const fromFile: ServerConfig = { command: 'node', args: ['file-server.js'] };
const fromCode: ServerConfig = { command: 'node', args: ['code-server.js'] };

async function failure(work: Promise<unknown>): Promise<CodedError> {
  const error = await work.then(
    () => new Error('expected a failure'),
    (e: unknown) => e,
  );
  if (!(error instanceof CodedError)) throw error instanceof Error ? error : new Error(String(error));
  return error;
}

describe('servers declared in code beside mcp.json', () => {
  let dataDir = '';
  let registry: Registry | undefined;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'cs-code-servers-'));
    await writeFile(path.join(dataDir, 'mcp.json'), JSON.stringify({ mcpServers: { files: fromFile } }));
  });
  afterEach(async () => {
    await registry?.close();
    registry = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lists them with the file\'s, marks them, and never writes them to mcp.json', async () => {
    registry = await openRegistry({ dataDir, codeServers: { mine: fromCode } });
    expect(registry.config().mcpServers).toEqual({ files: fromFile, mine: fromCode });
    expect(registry.fromCode('mine')).toBe(true);
    expect(registry.fromCode('files')).toBe(false);
    expect(JSON.parse(await readFile(registry.file, 'utf8'))).toEqual({ mcpServers: { files: fromFile } });
    // Approved like any other: nothing runs before the person says yes.
    expect(registry.approvals.status('mine', fromCode)).toBe('pending');
  });

  it('refuses a name in both at open, naming both places', async () => {
    const error = await failure(openRegistry({ dataDir, codeServers: { files: fromCode } }));
    expect(error.code).toBe('invalid_input');
    expect(error.message).toContain('"files" is declared twice');
    expect(error.message).toContain('in code');
    expect(error.message).toContain(path.join(dataDir, 'mcp.json'));
  });

  it('refuses editing, disabling one from code, and adding one of its name to mcp.json', async () => {
    registry = await openRegistry({ dataDir, codeServers: { mine: fromCode } });
    for (const [work, action] of [
      [registry.updateServer('mine', fromFile), 'edited'],
      [registry.setEnabled('mine', false), 'disabled'],
    ] as const) {
      const error = await failure(work);
      expect(error.message).toBe(`The server "mine" is declared in code, so it cannot be ${action} here`);
      expect(error.hint).toContain('openConnectedServices');
    }
    expect((await failure(registry.addServer('mine', fromFile))).message).toContain('declared twice');
    expect(registry.config().mcpServers['mine']).toEqual(fromCode);
    // The file's own servers are edited as before.
    await registry.removeServer('files');
    expect(Object.keys(registry.config().mcpServers)).toEqual(['mine']);
  });

  it('forgets one from code when the person removes it, and leaves mcp.json alone', async () => {
    registry = await openRegistry({ dataDir, codeServers: { mine: fromCode } });
    await registry.removeServer('mine');
    expect(registry.fromCode('mine')).toBe(false);
    expect(Object.keys(registry.config().mcpServers)).toEqual(['files']);
  });

  it('refuses a name equal to another ignoring case, in code, in mcp.json or across the two', async () => {
    registry = await openRegistry({ dataDir, codeServers: { mine: fromCode } });
    expect((await failure(registry.addServer('MINE', fromFile))).message).toBe('A server named "mine" already exists; "MINE" differs from it only in case.');
    expect((await failure(registry.addServer('Files', fromFile))).message).toContain('A server named "files" already exists');
    expect((await failure(registry.declareFromCode({ FILES: fromCode }))).message).toContain('"FILES" differs from it only in case');
    expect((await failure(registry.declareFromCode({ other: fromCode, OTHER: fromCode }))).message).toContain('differs from it only in case');
    expect(Object.keys(registry.config().mcpServers).sort()).toEqual(['files', 'mine']);
    // Declaring the same name again is no twin of itself.
    await registry.declareFromCode({ mine: fromFile });
  });

  it('refuses a name holding "__" or ending in "_", as every other way of adding one, suggesting a free name', async () => {
    registry = await openRegistry({ dataDir, codeServers: { mine: fromCode } });
    const trailing = await failure(registry.declareFromCode({ mine_: fromCode }));
    expect(trailing).toMatchObject({ code: 'invalid_input', message: expect.stringContaining('The server "mine_" is declared in code (the servers given to openConnectedServices) with a name that holds "__" or ends in "_"') as unknown });
    expect(trailing.hint).toBe('Rename it in the program that declares it (the servers given to openConnectedServices), for example to "mine-2": a name without "__" that does not end in "_"');
    expect((await failure(registry.declareFromCode({ notes__work: fromCode }))).hint).toContain('for example to "notes-work"');
    await expect(openRegistry({ dataDir, codeServers: { team_: fromCode } })).rejects.toMatchObject({ code: 'invalid_input' });
    expect(Object.keys(registry.config().mcpServers).sort()).toEqual(['files', 'mine']);
  });

  it('announces a declaration and a forgetting as config changes', async () => {
    registry = await openRegistry({ dataDir });
    const changes: string[][] = [];
    registry.on('change', ({ diff }) => changes.push([...diff.added, ...diff.removed]));
    await registry.declareFromCode({ later: fromCode });
    expect(registry.config().mcpServers['later']).toEqual(fromCode);
    await registry.forgetFromCode(['later']);
    expect(registry.config().mcpServers['later']).toBeUndefined();
    expect(changes).toEqual([['later'], ['later']]);
  });

  it('a name mcp.json gains later is an issue naming both places; the code\'s entry stays in force', async () => {
    registry = await openRegistry({ dataDir, codeServers: { mine: fromCode } });
    await writeFile(registry.file, JSON.stringify({ mcpServers: { files: fromFile, mine: fromFile } }));
    await registry.reload();
    expect(registry.config().mcpServers['mine']).toEqual(fromCode);
    expect(registry.issues()).toEqual([
      expect.objectContaining({ server: 'mine', message: expect.stringContaining('declared twice: in code') as string }),
    ]);
  });
});
