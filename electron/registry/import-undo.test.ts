import { describe, expect, it } from 'vitest';
import type { ImportReport } from '../../shared/api';
import { CodedError } from '../../shared/errors';
import { applyImport, importWithUndo } from './import-apply';
import type { ImportPlan } from './import-plan';
import type { SecretSink } from './import-secrets';

const TOKEN = 'ghp_0123456789abcdefABCDEF0123456789abcd';
const FROM = '/home/me/.cursor/mcp.json';

const plan = (): ImportPlan => ({
  files: [FROM],
  candidates: [
    { name: 'leaky', originalName: 'leaky', from: FROM, config: { command: 'node', args: ['l.js'], env: { PW: '${env:KP_PASSWORD}', GITHUB_TOKEN: TOKEN } } },
    { name: 'notes', originalName: 'notes', from: FROM, config: { command: 'node', args: ['n.js'], env: { GITHUB_TOKEN: TOKEN } } },
  ],
  skipped: [],
});

describe("an import's entry naming a KeePassXC store's password variable", () => {
  it('is left out with why and what to do, and the rest is imported; its secrets never move', async () => {
    const stored: string[] = [];
    const sink: SecretSink = (server, preferred) => (stored.push(`${server}/${preferred}`), Promise.resolve(preferred));
    const servers: Record<string, unknown> = {};
    const report = await applyImport(plan(), servers, 'cursor', { sink, move: false, homeDir: '/home/me', kept: ['KP_PASSWORD'] });
    expect(report.added.map((a) => a.name)).toEqual(['notes']);
    expect(report.skipped).toEqual([{ name: 'leaky', from: FROM, reason: expect.stringContaining('env["PW"]: The reference ${env:KP_PASSWORD} names the variable a KeePassXC store reads') as string }]);
    expect(report.skipped[0]?.reason).toContain('connected-services secrets set NAME');
    expect(Object.keys(servers)).toEqual(['notes']);
    expect(stored).toEqual(['notes/NOTES_GITHUB_TOKEN']);
  });

  it('is imported when no store reads that variable', async () => {
    const report = await applyImport(plan(), {}, 'cursor', { sink: undefined, move: false, homeDir: '/home/me', kept: [] });
    expect(report.added.map((a) => a.name)).toEqual(['leaky', 'notes']);
  });
});

describe('importWithUndo', () => {
  const report: ImportReport = { source: 'cursor', files: [], added: [], skipped: [], secrets: [] };

  // The write of mcp.json failing after the moves would leave secrets no entry reads.
  it('deletes the secrets the import created when it fails, never one that already held the value', async () => {
    const unsunk: string[] = [];
    const sink: SecretSink = (_server, preferred, _value, created) => {
      if (preferred !== 'OLD') created?.(preferred);
      return Promise.resolve(preferred);
    };
    const failing = importWithUndo(sink, (server, name) => Promise.resolve(void unsunk.push(`${server}/${name}`)), async (tracked) => {
      await tracked?.('a', 'NEW', 'v');
      await tracked?.('b', 'OLD', 'v');
      await tracked?.('c', 'ALSO_NEW', 'v');
      throw new Error('write failed');
    });
    await expect(failing).rejects.toThrow('write failed');
    expect(unsunk).toEqual(['a/NEW', 'c/ALSO_NEW']);
  });

  it('names the secrets whose delete failed too, with the command that removes them, keeping the failure and its code', async () => {
    const sink: SecretSink = (_server, preferred, _value, created) => (created?.(preferred), Promise.resolve(preferred));
    const unsink = (server: string, name: string): Promise<void> => (name === 'GONE' ? Promise.resolve() : Promise.reject(new Error(`vault locked for ${server}`)));
    const failing = importWithUndo(sink, unsink, async (tracked) => {
      await tracked?.('a', 'GONE', 'v');
      await tracked?.('b', 'STAYS', 'v');
      throw new CodedError('invalid_config', 'mcp.json could not be written', { hint: 'check the data folder' });
    });
    const error = await failing.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CodedError);
    expect(error).toMatchObject({
      code: 'invalid_config',
      message: 'mcp.json could not be written. The secrets it moved into the vault could not all be removed: STAYS (server "b") is still there, unused.',
      hint: 'check the data folder; then remove each with `connected-services secrets delete NAME --server SERVER`, e.g. `connected-services secrets delete STAYS --server b`',
    });
  });

  it('deletes nothing when the import succeeds', async () => {
    const unsunk: string[] = [];
    const sink: SecretSink = (_server, preferred, _value, created) => (created?.(preferred), Promise.resolve(preferred));
    const done = await importWithUndo(sink, (server, name) => Promise.resolve(void unsunk.push(`${server}/${name}`)), async (tracked) => {
      await tracked?.('a', 'NEW', 'v');
      return report;
    });
    expect(done).toBe(report);
    expect(unsunk).toEqual([]);
  });
});
