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

  it('tells plainly identical titles of two publishers apart by id instead of taking either for an imitation', () => {
    const notes = lookAlikeNotes([
      { name: 'io.github.alice/notes', title: 'Notes' },
      { name: 'io.github.bob/notes', title: 'notes ' },
      { name: 'com.example/slack', title: 'Slack' },
      { name: 'io.example/slack-copy', title: 'SIack' },
    ]);
    expect(notes[0]).toEqual({ sameTitleAs: ['io.github.bob/notes'] });
    expect(notes[1]).toEqual({ sameTitleAs: ['io.github.alice/notes'] });
    // Written otherwise to read the same (capital I as l) is still an imitation.
    expect(notes[2]).toEqual({ readsAs: ['io.example/slack-copy'] });
    expect(notes[3]).toEqual({ readsAs: ['com.example/slack'] });
  });

  it('keeps entries of the same plain title out of the look-alike slots, so they cannot hide an imitation', () => {
    const notes = lookAlikeNotes([
      { name: 'aaa.a/github', title: 'GitHub' },
      { name: 'aaa.b/github', title: 'GitHub' },
      { name: 'aaa.c/github', title: 'GitHub' },
      { name: 'io.github.github/github-mcp-server', title: 'GitHub' },
      { name: 'zzz.attacker/gh', title: 'Gіthub' },
      { name: 'zzz.other/gh', title: 'Git_Hub' },
    ]);
    expect(notes[3]).toEqual({ readsAs: ['zzz.other/gh', 'zzz.attacker/gh'], sameTitleAs: ['aaa.a/github', 'aaa.b/github', 'aaa.c/github'] });
    expect(notes[0]?.readsAs).toEqual(['zzz.other/gh', 'zzz.attacker/gh']);
    // The imitation's own row names the real entry, not three copies of its title sorting first.
    expect(notes[4]).toEqual({ mixedScripts: ['Cyrillic', 'Latin'], readsAs: ['io.github.github/github-mcp-server', 'zzz.other/gh', 'aaa.a/github'] });
  });

  it('names first, on an imitation\'s row, the entry whose namespace owner is the title, then titles not yet named', () => {
    const notes = lookAlikeNotes([
      { name: 'aaa.a/github', title: 'GitHub' },
      { name: 'aaa.b/github', title: 'GitHub' },
      { name: 'com.attacker.github/mcp', title: 'GitHub' },
      { name: 'io.github.git-hub/mcp', title: 'GitHub' },
      { name: 'com.github/mcp', title: 'GitHub MCP' },
      { name: 'io.github.github/github-mcp-server', title: 'GitHub' },
      { name: 'zzz.attacker/gh', title: 'Gіthub' },
    ]);
    // GitHub MCP reads otherwise, so only the first names io.github.github: copies of one title take one place among the three.
    expect(notes[6]?.readsAs).toEqual(['io.github.github/github-mcp-server', 'aaa.a/github', 'aaa.b/github']);
    const mixedTitles = lookAlikeNotes([
      { name: 'aaa.a/github', title: 'GitHub' },
      { name: 'aaa.b/github', title: 'GitHub' },
      { name: 'aaa.c/github', title: 'GitHub' },
      { name: 'aaa.d/github', title: 'Git Hub' },
      { name: 'zzz.attacker/gh', title: 'Gіthub' },
    ]);
    expect(mixedTitles[4]?.readsAs).toEqual(['aaa.a/github', 'aaa.d/github', 'aaa.b/github']);
  });

  it('keeps case-only copies (`GitHub`, `github`) under the calm same-title note: to a person they read as one title', () => {
    const notes = lookAlikeNotes([
      { name: 'io.github.github/github-mcp-server', title: 'GitHub' },
      { name: 'io.github.someone/github', title: 'github' },
    ]);
    expect(notes).toEqual([{ sameTitleAs: ['io.github.someone/github'] }, { sameTitleAs: ['io.github.github/github-mcp-server'] }]);
  });

  it('takes a title with a Hangul filler or a braille blank for an imitation of the title without it', () => {
    const notes = lookAlikeNotes([
      { name: 'com.slack/mcp', title: 'Slack' },
      { name: 'io.example/slack', title: 'Slack\u3164' },
      { name: 'io.example/ab', title: 'a b' },
      { name: 'io.example/a-b', title: 'a\u2800b' },
    ]);
    expect(notes[1]).toEqual({ readsAs: ['com.slack/mcp'] });
    expect(notes[0]).toEqual({ readsAs: ['io.example/slack'] });
    expect(notes[3]).toEqual({ readsAs: ['io.example/ab'] });
    expect(notes[2]).toEqual({ readsAs: ['io.example/a-b'] });
  });

  it('names the same others for a row among the first picked as for one that is not', () => {
    const ids = ['a', 'b', 'c', 'd', 'e'].map((letter) => `io.example/${letter}`);
    const notes = lookAlikeNotes([...ids.map((name) => ({ name, title: 'Notes' })), { name: 'io.example/f', title: 'Nоtes' }]);
    expect(notes.map((note) => note?.sameTitleAs)).toEqual([['io.example/b', 'io.example/c', 'io.example/d'], ['io.example/a', 'io.example/c', 'io.example/d'], ['io.example/a', 'io.example/b', 'io.example/d'], ['io.example/a', 'io.example/b', 'io.example/c'], ['io.example/a', 'io.example/b', 'io.example/c'], undefined]);
    expect(notes[0]?.readsAs).toEqual(['io.example/f']);
    expect(notes[5]?.readsAs).toEqual(['io.example/a', 'io.example/b', 'io.example/c']);
  });
});
