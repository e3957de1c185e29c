import { existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareHomeFolder } from './home-folder';

const base = (): string => mkdtempSync(join(tmpdir(), 'cs-home-folder-'));

describe('prepareHomeFolder', () => {
  it('makes a missing folder under one that exists, owner-only, and says so once', () => {
    const home = join(base(), 'data');
    const notes: string[] = [];
    prepareHomeFolder(home, (line) => notes.push(line), 'CONNECTED_SERVICES_HOME');
    expect(statSync(home).isDirectory()).toBe(true);
    expect(statSync(home).mode & 0o777).toBe(0o700);
    expect(notes).toEqual([`note: created a new data folder at ${home} (CONNECTED_SERVICES_HOME named a folder that did not exist); like any first run, it starts with the demo servers (servers list shows them)`]);
    prepareHomeFolder(home, (line) => notes.push(line));
    expect(notes).toHaveLength(1);
  });

  it('refuses a folder whose parent is missing too, and makes nothing', () => {
    const at = base();
    const home = join(at, 'connected-servcies', 'data');
    expect(() => prepareHomeFolder(home, () => undefined)).toThrow(expect.objectContaining({ code: 'invalid_input', message: `--home ${home}: neither that folder nor the folder above it (${join(at, 'connected-servcies')}) exists` }) as Error);
    expect(existsSync(join(at, 'connected-servcies'))).toBe(false);
  });

  it("quotes the folder in its mkdir hint as a shell reads it, a ' in the path too", () => {
    const at = base();
    const parent = join(at, "it's; touch x");
    try {
      prepareHomeFolder(join(parent, 'data'), () => undefined);
      expect.unreachable('refused');
    } catch (error) {
      expect((error as { hint?: string }).hint).toContain(`(mkdir -p '${at}/it'\\''s; touch x')`);
    }
  });

  it('refuses a file in its place or above it', () => {
    const at = base();
    const file = join(at, 'notes.txt');
    writeFileSync(file, 'x');
    for (const home of [file, join(file, 'data'), join(file, 'data', 'more')]) {
      expect(() => prepareHomeFolder(home, () => undefined)).toThrow(expect.objectContaining({ code: 'invalid_config', message: `The data folder ${home} (or a folder above it) is a file, not a folder.` }) as Error);
    }
  });
});
