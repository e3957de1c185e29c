import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultDataDir } from '../registry';
import { prepareDataFolder } from './data-folder';

/** The desktop app's start for CONNECTED_SERVICES_HOME=`home`, as main.ts resolves it: what it logged. */
function startWith(home: string, isPackaged = false): string[] {
  const env = { CONNECTED_SERVICES_HOME: home };
  const notes: string[] = [];
  prepareDataFolder({ dataDir: defaultDataDir({ env, platform: process.platform, homeDir: tmpdir() }), env, isPackaged, note: (line) => notes.push(line) });
  return notes;
}

describe('prepareDataFolder', () => {
  it('says the absolute folder a relative CONNECTED_SERVICES_HOME stands for, as the CLI does', () => {
    const home = mkdtempSync(join(tmpdir(), 'cs-data-folder-'));
    const given = relative(process.cwd(), home);
    expect(startWith(given)).toEqual([`note: CONNECTED_SERVICES_HOME is a relative path (${given}): using ${home}, the working directory's. Give an absolute path so every client uses this one folder.`]);
  });

  it('says nothing for an absolute folder that exists', () => {
    expect(startWith(mkdtempSync(join(tmpdir(), 'cs-data-folder-')))).toEqual([]);
  });

  it('makes a new folder and says what it starts with where the person looks: the Services screen, not a command', () => {
    const home = join(mkdtempSync(join(tmpdir(), 'cs-data-folder-')), 'data');
    expect(startWith(home)).toEqual([`note: created a new data folder at ${home} (CONNECTED_SERVICES_HOME named a folder that did not exist); like any first run, it starts with the demo servers (the Services screen shows them)`]);
    expect(statSync(home).mode & 0o777).toBe(0o700);
  });

  it('tells a packaged app, which writes no demo servers, that it starts with none', () => {
    const home = join(mkdtempSync(join(tmpdir(), 'cs-data-folder-')), 'data');
    expect(startWith(home, true)).toEqual([`note: created a new data folder at ${home} (CONNECTED_SERVICES_HOME named a folder that did not exist); it starts with no servers (add one on the Services screen)`]);
  });

  it('refuses a folder whose parent is missing too in words for a dialog: the folder to create, no shell command', () => {
    const above = join(mkdtempSync(join(tmpdir(), 'cs-data-folder-')), 'connected-servcies');
    const home = join(above, 'data');
    expect(() => startWith(home)).toThrow(
      expect.objectContaining({ code: 'invalid_input', hint: `Check the path for a typo; to start a new data folder there, create the folder ${above} first, then start the app again` }) as Error,
    );
  });
});
