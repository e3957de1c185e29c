import { describe, expect, it } from 'vitest';
import { mergeImport, moveImportedSecrets, placeRenamed } from './import-apply';
import type { ImportPlan } from './import-plan';

const config = { command: 'node', args: ['n.js'] };
const plan = (name: string, originalName: string): ImportPlan => ({
  files: ['/home/me/.claude.json'],
  candidates: [{ name, originalName, from: '/home/me/.claude.json', config }],
  skipped: [],
});

describe('mergeImport', () => {
  // Imported before names with __ were refused: importing again would add a second copy as "notes-team".
  it('skips a renamed server that is configured under the name it has in the source', () => {
    const servers: Record<string, unknown> = { notes__team: config };
    const report = mergeImport(plan('notes-team', 'notes__team'), servers, 'claude-code', []);
    expect(report.added).toEqual([]);
    expect(report.skipped).toEqual([{ name: 'notes__team', from: '/home/me/.claude.json', reason: 'already configured' }]);
    expect(Object.keys(servers)).toEqual(['notes__team']);
  });

  it('adds it renamed when neither name is configured', () => {
    const servers: Record<string, unknown> = {};
    const report = mergeImport(plan('notes-team', 'notes__team'), servers, 'claude-code', []);
    expect(report.added).toEqual([{ name: 'notes-team', from: '/home/me/.claude.json' }]);
    expect(Object.keys(servers)).toEqual(['notes-team']);
  });

  // `everything_` and `everything` are two servers in the source; folding the first onto the second's name must not drop it.
  it('gives a renamed server a free name when another server holds the one it was renamed to', () => {
    const servers: Record<string, unknown> = { everything: { command: 'npx', args: ['other'] } };
    const planned = plan('everything', 'everything_');
    placeRenamed(planned, servers);
    const report = mergeImport(planned, servers, 'claude-code', []);
    expect(report.added).toEqual([{ name: 'everything-2', from: '/home/me/.claude.json' }]);
    expect(Object.keys(servers)).toEqual(['everything', 'everything-2']);
  });

  it('skips it when the server holding that name, or one imported before under a free name, is the same server', () => {
    for (const servers of [{ everything: { ...config, env: { A: '${secret:A}' } } }, { everything: { url: 'http://127.0.0.1:1/' }, 'everything-2': config }]) {
      const copy: Record<string, unknown> = { ...servers };
      const planned = plan('everything', 'everything_');
      placeRenamed(planned, copy);
      const report = mergeImport(planned, copy, 'claude-code', []);
      expect(report.added).toEqual([]);
      expect(report.skipped[0]?.reason).toMatch(/^already configured/);
      expect(Object.keys(copy)).toEqual(Object.keys(servers));
    }
  });
});

describe('moveImportedSecrets', () => {
  const secretEntry = { command: 'node', args: ['gh.mjs'], env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'ghp_0123456789abcdefABCDEF0123456789abcd' } };
  const twoPlan = (): ImportPlan => ({
    files: ['/home/me/.mcp.json'],
    candidates: [
      { name: 'github', originalName: 'github', from: '/home/me/.mcp.json', config: structuredClone(secretEntry) },
      { name: 'notes', originalName: 'notes', from: '/home/me/.mcp.json', config: structuredClone(secretEntry) },
    ],
    skipped: [],
  });

  // The merge skips a case twin of a configured server: a secret moved for it would be kept for a server never added.
  it('moves the secrets only of the entries the merge adds', async () => {
    const stored: string[] = [];
    const sink = (server: string, preferred: string): Promise<string> => (stored.push(`${server}/${preferred}`), Promise.resolve(preferred));
    const existing = { GitHub: config, notes__old: config };
    const moved = await moveImportedSecrets(twoPlan(), existing, sink);
    expect(stored).toEqual([]);
    expect(moved).toEqual([]);
    const report = mergeImport(twoPlan(), { ...existing }, 'claude-code', moved);
    expect(report.added).toEqual([]);
    expect(report.skipped.map((s) => s.name)).toEqual(['github', 'notes']);
  });

  it('moves those of an entry the merge adds', async () => {
    const stored: string[] = [];
    const sink = (server: string, preferred: string): Promise<string> => (stored.push(`${server}/${preferred}`), Promise.resolve(preferred));
    const moved = await moveImportedSecrets(twoPlan(), { GitHub: config }, sink);
    expect(stored).toEqual(['notes/NOTES_GITHUB_PERSONAL_ACCESS_TOKEN']);
    expect(moved.map((m) => m.server)).toEqual(['notes']);
  });
});
