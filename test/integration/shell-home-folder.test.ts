import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli';
import { freePort } from '../support/ports';
import { runShellDriver } from '../support/shell-driver';

interface Seen {
  running: boolean;
  exitCode?: number;
  errorBoxes: string[];
}

/** The bundled desktop main on the stand-in electron (shell-start-driver.ts) for data folder `home`: what it did before exiting. */
async function startAt(home: string): Promise<Seen> {
  const { printed } = await runShellDriver('test/integration/shell-start-driver.ts', home, { CONNECTED_SERVICES_PASSPHRASE: 'shell-home-folder-test' });
  return printed as unknown as Seen;
}

// CONNECTED_SERVICES_HOME names a folder the person typed: the desktop app follows the CLI's rule for it.
describe('the desktop app and a CONNECTED_SERVICES_HOME that does not exist', () => {
  it('makes it (owner-only) when the folder above it exists, and says so in its log once, in the app\'s words; then starts', async () => {
    const base = mkdtempSync(join(tmpdir(), 'cs-shell-home-new-'));
    const home = join(base, 'data');
    // Named relative to the app's working directory (the driver runs it in ROOT): the log says the absolute folder.
    const given = relative(ROOT, home);
    // Its bridge on a free port, not the fixed one a new folder would take (shell-new-home-driver.ts).
    const port = await freePort();
    const { printed, stderr } = await runShellDriver('test/integration/shell-new-home-driver.ts', given, {
      CONNECTED_SERVICES_PASSPHRASE: 'shell-home-folder-test',
      STUB_BRIDGE_PORT: String(port),
    });
    expect(printed).toMatchObject({ existedBefore: false, made: { folder: true, mode: 0o700 }, running: true, bridge: `http://127.0.0.1:${port}/mcp`, errorBoxes: [] });
    const said = stderr.split('\n').filter((line) => line.includes('data folder') || line.includes('relative path'));
    expect(said).toEqual([
      `[connected-services] note: CONNECTED_SERVICES_HOME is a relative path (${given}): using ${home}, the working directory's. Give an absolute path so every client uses this one folder.`,
      `[connected-services] note: created a new data folder at ${home} (CONNECTED_SERVICES_HOME named a folder that did not exist); like any first run, it starts with the demo servers (the Services screen shows them)`,
    ]);
    expect(existsSync(join(home, 'mcp.json'))).toBe(true);
  }, 90_000);

  it('is refused in a dialog, with what to check, when the folder above it is missing too; nothing is made', async () => {
    const base = mkdtempSync(join(tmpdir(), 'cs-shell-home-typo-'));
    const home = join(base, 'connected-servcies', 'data');
    const seen = await startAt(home);
    expect(seen).toMatchObject({ running: false, exitCode: 1 });
    expect(seen.errorBoxes).toHaveLength(1);
    expect(seen.errorBoxes[0]).toContain(`CONNECTED_SERVICES_HOME ${home}: neither that folder nor the folder above it (${join(base, 'connected-servcies')}) exists`);
    expect(seen.errorBoxes[0]).toContain('Check the path for a typo');
    expect(existsSync(join(base, 'connected-servcies'))).toBe(false);
  }, 60_000);

  it('is refused in a dialog when a file is in the way', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cs-shell-home-file-')), 'notes.txt');
    writeFileSync(file, 'x');
    const seen = await startAt(join(file, 'data'));
    expect(seen).toMatchObject({ running: false, exitCode: 1 });
    expect(seen.errorBoxes).toEqual([expect.stringContaining(`The data folder ${join(file, 'data')} (or a folder above it) is a file, not a folder.`)]);
  }, 60_000);
});
