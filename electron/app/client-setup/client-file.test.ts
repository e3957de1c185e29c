import { chmodSync, chownSync, lstatSync, mkdirSync, mkdtempSync, realpathSync, renameSync, statSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeFifo, settlesWithin } from '../../../test/support';
import { MAX_CLIENT_FILE_BYTES, readClientFile, readResolved } from './client-file';

describe('readResolved', () => {
  const swappedIn = (file: string) => ({ code: 'invalid_config', message: `${file} was replaced while it was being read; it is not read or written` });

  it('reads only the file that was checked: another one renamed in after the checks is refused', async () => {
    const dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'cs-swap-')));
    const file = path.join(dir, 'mcp.json');
    writeFileSync(file, '{"mcpServers": {}}', { mode: 0o640 });
    const seen = lstatSync(file);
    expect(await readResolved(file, file, { dev: seen.dev, ino: seen.ino })).toMatchObject({ target: file, text: '{"mcpServers": {}}', mode: 0o640, bom: false, links: 1 });
    writeFileSync(path.join(dir, 'other'), '{"other": 1}');
    renameSync(path.join(dir, 'other'), file);
    await expect(readResolved(file, file, { dev: seen.dev, ino: seen.ino })).rejects.toMatchObject(swappedIn(file));
  });

  it.runIf(process.platform !== 'win32')('never follows a link swapped in at the real path, nor shows what it leads to', async () => {
    const dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'cs-swap-')));
    const outside = path.join(mkdtempSync(path.join(tmpdir(), 'cs-outside-')), 'secret.json');
    writeFileSync(outside, '{"OUTSIDE": 1}');
    const file = path.join(dir, 'mcp.json');
    symlinkSync(outside, file);
    const error = await readResolved(file, file, undefined).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toMatchObject(swappedIn(file));
    expect(JSON.stringify(error)).not.toContain('OUTSIDE');
  });
});

describe('readClientFile', () => {
  it('says the home folder does not exist, not that the file leads outside it', async () => {
    const home = path.join(mkdtempSync(path.join(tmpdir(), 'cs-nohome-')), 'nohome');
    const error = await readClientFile(path.join(home, '.cursor', 'mcp.json'), home).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'not_found', message: expect.stringContaining(`Your home folder ${home} does not exist`) as unknown });
    expect(String((error as Error).message)).not.toContain('outside');
  });

  it('reads nothing yet from a home folder that exists', async () => {
    const home = mkdtempSync(path.join(tmpdir(), 'cs-home-'));
    expect(await readClientFile(path.join(home, '.cursor', 'mcp.json'), home)).toMatchObject({ target: path.join(home, '.cursor', 'mcp.json'), text: undefined, mode: undefined, bom: false });
  });

  it('refuses a file nesting deeper than any client config, by saying so (its parser would overflow the stack)', async () => {
    const home = mkdtempSync(path.join(tmpdir(), 'cs-home-'));
    mkdirSync(path.join(home, '.cursor'));
    const file = path.join(home, '.cursor', 'mcp.json');
    writeFileSync(file, `{"mcpServers": {}, "x": ${'['.repeat(200_000)}${']'.repeat(200_000)}}`);
    await expect(readClientFile(file, home)).rejects.toMatchObject({ code: 'invalid_config', message: `${file} nests deeper than 64 levels, more than any client's configuration does; it is not read or written` });
  });

  it('counts no bracket inside a string or a comment', async () => {
    const home = mkdtempSync(path.join(tmpdir(), 'cs-home-'));
    mkdirSync(path.join(home, '.cursor'));
    const file = path.join(home, '.cursor', 'mcp.json');
    const text = `// ${'['.repeat(100)}\n{"mcpServers": {"a": {"command": "${'{'.repeat(100)}"}}}`;
    writeFileSync(file, text);
    expect((await readClientFile(file, home)).text).toBe(text);
  });

  it('says what a link that loops or leads to nothing is, and keeps the link', async () => {
    const { home, file } = cursorFolder();
    symlinkSync(file, file);
    await expect(readClientFile(file, home)).rejects.toMatchObject({ code: 'invalid_config', message: `${file} could not be read: it is a link that leads round in a loop` });
    const other = cursorFolder();
    symlinkSync(path.join(other.home, 'dotfiles', 'mcp.json'), other.file);
    await expect(readClientFile(other.file, other.home)).rejects.toMatchObject({ message: `${other.file} is a link to ${path.join(other.home, 'dotfiles', 'mcp.json')}, which does not exist; it is not written` });
    expect(lstatSync(other.file).isSymbolicLink()).toBe(true);
  });

  it('follows a link that stays in the home folder (a dotfiles repository), and writes through it', async () => {
    const { home, file } = cursorFolder();
    mkdirSync(path.join(home, 'dotfiles'));
    writeFileSync(path.join(home, 'dotfiles', 'mcp.json'), '{}');
    symlinkSync(path.join(home, 'dotfiles', 'mcp.json'), file);
    expect(await readClientFile(file, home)).toMatchObject({ target: path.join(realpathSync(home), 'dotfiles', 'mcp.json'), text: '{}' });
  });

  it("checks a link's target as the file itself: one in a dotfiles repository is followed, one into a folder every account may write is refused", async () => {
    const { home, file } = cursorFolder();
    mkdirSync(path.join(home, 'dotfiles'), { mode: 0o755 });
    writeFileSync(path.join(home, 'dotfiles', 'mcp.json'), '{}');
    symlinkSync(path.join(home, 'dotfiles', 'mcp.json'), file);
    expect((await readClientFile(file, home)).text).toBe('{}');
    const open = cursorFolder();
    const shared = path.join(open.home, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o777);
    writeFileSync(path.join(shared, 'mcp.json'), '{}');
    symlinkSync(path.join(shared, 'mcp.json'), open.file);
    await expect(readClientFile(open.file, open.home)).rejects.toMatchObject({ code: 'denied', message: `${path.join(realpathSync(open.home), 'shared')} can be written by every account on this machine; ${open.file} is not written there` });
    // The link's own folder too: another account could point it elsewhere.
    const linkIn = cursorFolder();
    mkdirSync(path.join(linkIn.home, 'dotfiles'));
    writeFileSync(path.join(linkIn.home, 'dotfiles', 'mcp.json'), '{}');
    symlinkSync(path.join(linkIn.home, 'dotfiles', 'mcp.json'), linkIn.file);
    chmodSync(path.dirname(linkIn.file), 0o777);
    await expect(readClientFile(linkIn.file, linkIn.home)).rejects.toMatchObject({ message: `${path.join(realpathSync(linkIn.home), '.cursor')} can be written by every account on this machine; ${linkIn.file} is not written there` });
  });

  it('checks every link of a chain where it is, naming the one at fault; a dotfiles chain in folders of yours alone is followed', async () => {
    const { home, file } = cursorFolder();
    const real = realpathSync(home);
    for (const dir of ['open', 'cfg']) mkdirSync(path.join(home, dir), { mode: 0o755 });
    chmodSync(path.join(home, 'open'), 0o777);
    writeFileSync(path.join(home, 'cfg', 'mcp.json'), '{}');
    symlinkSync(path.join(home, 'cfg', 'mcp.json'), path.join(home, 'open', 'l1'));
    symlinkSync(path.join(home, 'open', 'l1'), file);
    await expect(readClientFile(file, home)).rejects.toMatchObject({
      code: 'denied',
      message: `${path.join(real, 'open')} can be written by every account on this machine; ${file} (through the link ${path.join(real, 'open', 'l1')}) is not written there`,
    });
    // The same chain through a folder link: ~/.cursor -> open/dir, a folder every account may write.
    const viaFolder = cursorFolder();
    mkdirSync(path.join(viaFolder.home, 'open'), { mode: 0o755 });
    chmodSync(path.join(viaFolder.home, 'open'), 0o777);
    symlinkSync(path.join(viaFolder.home, 'cfg'), path.join(viaFolder.home, 'open', 'dir'));
    mkdirSync(path.join(viaFolder.home, 'cfg'), { mode: 0o700 });
    writeFileSync(path.join(viaFolder.home, 'cfg', 'mcp.json'), '{}');
    const cursor = path.join(viaFolder.home, '.cursor');
    chmodSync(cursor, 0o700);
    symlinkSync(path.join(viaFolder.home, 'open', 'dir'), path.join(cursor, 'cfg'));
    await expect(readClientFile(path.join(cursor, 'cfg', 'mcp.json'), viaFolder.home)).rejects.toMatchObject({ message: expect.stringContaining(`(through the link ${path.join(realpathSync(viaFolder.home), 'open', 'dir')})`) as unknown });
    // ~/.cursor/mcp.json -> ~/dotfiles/mcp.json -> ~/work/cfg/mcp.json, every folder private: followed to the end.
    const dotfiles = cursorFolder();
    for (const dir of ['dotfiles', 'work', path.join('work', 'cfg')]) mkdirSync(path.join(dotfiles.home, dir), { mode: 0o700 });
    writeFileSync(path.join(dotfiles.home, 'work', 'cfg', 'mcp.json'), '{"mcpServers": {}}');
    symlinkSync(path.join('..', 'work', 'cfg', 'mcp.json'), path.join(dotfiles.home, 'dotfiles', 'mcp.json'));
    symlinkSync(path.join(dotfiles.home, 'dotfiles', 'mcp.json'), dotfiles.file);
    expect(await readClientFile(dotfiles.file, dotfiles.home)).toMatchObject({ target: path.join(realpathSync(dotfiles.home), 'work', 'cfg', 'mcp.json'), text: '{"mcpServers": {}}' });
  });

  it('refuses a chain with a link outside the home folder on the way, though it ends inside it', async () => {
    const { home, file } = cursorFolder();
    const away = mkdtempSync(path.join(tmpdir(), 'cs-away-'));
    writeFileSync(path.join(home, 'real.json'), '{}');
    symlinkSync(path.join(home, 'real.json'), path.join(away, 'hop'));
    symlinkSync(path.join(away, 'hop'), file);
    await expect(readClientFile(file, home)).rejects.toMatchObject({ code: 'denied', message: `${file} leads outside your home folder through the link ${path.join(realpathSync(away), 'hop')}; it is not written` });
  });

  it('never blocks on a FIFO, and refuses one or a file too large for a configuration, saying which', async () => {
    const { home, file } = cursorFolder();
    makeFifo(file);
    await expect(settlesWithin(readClientFile(file, home), file)).rejects.toMatchObject({ message: `${file} is not a regular file (a folder, a FIFO or a device); it is not read or written` });
    const big = cursorFolder();
    // Sparse: the bound's size without writing it.
    writeFileSync(big.file, '');
    truncateSync(big.file, MAX_CLIENT_FILE_BYTES + 1);
    await expect(readClientFile(big.file, big.home)).rejects.toMatchObject({ message: `${big.file} is larger than 128 MiB, more than any client's configuration; it is not read or written` });
  });

  it("refuses a client folder of another account's, or one every account may write (unless sticky)", async () => {
    const { home, file } = cursorFolder();
    writeFileSync(file, '{}');
    const asRoot = process.getuid?.() === 0;
    // Root owns what it makes: another account is made the owner; otherwise this process stands for another.
    if (asRoot) chownSync(path.dirname(file), 65534, 65534);
    const uid = asRoot ? 0 : statSync(home).uid + 1;
    await expect(readClientFile(file, home, uid)).rejects.toMatchObject({ code: 'denied', message: expect.stringMatching(/ belongs to another account \(uid \d+\); .* is not written$/) as unknown });
    const open = cursorFolder();
    chmodSync(path.dirname(open.file), 0o777);
    await expect(readClientFile(open.file, open.home)).rejects.toMatchObject({ code: 'denied', message: `${path.join(realpathSync(open.home), '.cursor')} can be written by every account on this machine; ${open.file} is not written there` });
    chmodSync(path.dirname(open.file), 0o1777);
    expect((await readClientFile(open.file, open.home)).text).toBeUndefined();
  });

  it('reads past a byte order mark and says it was there', async () => {
    const { home, file } = cursorFolder();
    writeFileSync(file, '\uFEFF{"mcpServers": {}}\n');
    expect(await readClientFile(file, home)).toMatchObject({ text: '{"mcpServers": {}}\n', bom: true });
  });
});

function cursorFolder(): { home: string; file: string } {
  const home = mkdtempSync(path.join(tmpdir(), 'cs-home-'));
  mkdirSync(path.join(home, '.cursor'));
  return { home, file: path.join(home, '.cursor', 'mcp.json') };
}
