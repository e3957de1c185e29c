import { describe, expect, it } from 'vitest';
import { lookAlikeNotes } from './look-alike-entries';

describe('lookAlikeNotes', () => {
  it('marks a mixed-script title and the entries whose titles read the same, both ways', () => {
    const notes = lookAlikeNotes([
      { name: 'io.github.github/github-mcp-server', title: 'GitHub' },
      { name: 'io.github.someone/gh', title: 'Gіthub' },
      { name: 'io.github.gitlab/mcp', title: 'GitLab' },
      { name: 'io.example/plain' },
    ]);
    expect(notes.get('io.github.someone/gh')).toEqual({ mixedScripts: ['Cyrillic', 'Latin'], readsAs: ['io.github.github/github-mcp-server'] });
    expect(notes.get('io.github.github/github-mcp-server')).toEqual({ readsAs: ['io.github.someone/gh'] });
    expect(notes.has('io.github.gitlab/mcp')).toBe(false);
    expect(notes.has('io.example/plain')).toBe(false);
  });

  it('takes versions and registries of one id as one entry, and marks a mixed-script id', () => {
    const notes = lookAlikeNotes([
      { name: 'io.example/notes', title: 'Notes' },
      { name: 'io.example/notes', title: 'Notes' },
      { name: 'io.еxample/tool', title: 'Tool' },
    ]);
    expect(notes.has('io.example/notes')).toBe(false);
    expect(notes.get('io.еxample/tool')).toEqual({ mixedScripts: ['Cyrillic', 'Latin'] });
  });
});
