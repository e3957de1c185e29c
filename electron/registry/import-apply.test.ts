import { describe, expect, it } from 'vitest';
import { mergeImport } from './import-apply';
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
});
