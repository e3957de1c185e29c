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
    expect(notes[1]).toEqual({ mixedScripts: ['Cyrillic', 'Latin'], readsAs: ['io.github.github/github-mcp-server'] });
    expect(notes[0]).toEqual({ readsAs: ['io.github.someone/gh'] });
    expect(notes[2]).toBeUndefined();
    expect(notes[3]).toBeUndefined();
  });

  it('takes versions and registries of one id as one entry, and marks a mixed-script id', () => {
    const notes = lookAlikeNotes([
      { name: 'io.example/notes', title: 'Notes' },
      { name: 'io.example/notes', title: 'Notes' },
      { name: 'io.еxample/tool', title: 'Tool' },
    ]);
    expect(notes.slice(0, 2)).toEqual([undefined, undefined]);
    expect(notes[2]).toEqual({ mixedScripts: ['Cyrillic', 'Latin'] });
  });

  it('judges each row by its own title: a second registry titling an id with a look-alike is marked there', () => {
    const notes = lookAlikeNotes([
      { name: 'io.github.github/github-mcp-server', title: 'GitHub' },
      { name: 'io.github.github/github-mcp-server', title: 'Gіthub' },
    ]);
    expect(notes[0]).toBeUndefined();
    expect(notes[1]).toEqual({ mixedScripts: ['Cyrillic', 'Latin'] });
  });

  it('names single-script entries first, so mixed-script decoys sorting first do not fill the note', () => {
    const notes = lookAlikeNotes([
      { name: 'aaa.a/one', title: 'Gіthub' },
      { name: 'aaa.b/two', title: 'Gіtһub' },
      { name: 'aaa.c/three', title: 'Gitһub' },
      { name: 'io.github.github/github-mcp-server', title: 'GitHub' },
      { name: 'zzz.attacker/gh', title: 'GіtHub' },
    ]);
    expect(notes[4]?.readsAs).toEqual(['io.github.github/github-mcp-server', 'aaa.a/one', 'aaa.b/two']);
  });
});
