import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse } from 'jsonc-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';
import { makeFifo } from '../support';

/** The client files a local process could have left where `agents connect` writes: each is refused, saying why, and left as it was. */
describe('agents connect with a client file another process prepared', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = tempHome('cs-connect-hostile-');
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(join(dataDir, 'mcp.json'), JSON.stringify({ mcpServers: {} }), { mode: 0o600 });
    expect((await runCli(dataDir, ['agents', 'add', 'bot', '--servers', '*'], { env: { CONNECTED_SERVICES_VAULT_PROVIDER: 'memory' } })).code).toBe(0);
  }, 60_000);

  const home = (file = join('.cursor', 'mcp.json')): { user: string; file: string } => {
    const user = mkdtempSync(join(tmpdir(), 'cs-hostile-home-'));
    mkdirSync(dirname(join(user, file)), { recursive: true });
    return { user, file: join(user, file) };
  };
  const connect = (user: string, client = 'cursor') =>
    runCli(dataDir, ['agents', 'connect', 'bot', '--client', client], { env: { HOME: user, XDG_CONFIG_HOME: '', CONNECTED_SERVICES_VAULT_PROVIDER: 'memory' }, timeoutMs: 20_000 });

  it('a FIFO is refused at once (never opened to wait for a writer)', async () => {
    const { user, file } = home();
    makeFifo(file);
    const result = await connect(user);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${file} is not a regular file (a folder, a FIFO or a device)`);
    expect(lstatSync(file).isFIFO()).toBe(true);
  });

  it('a link that loops, or leads to nothing, is said to be one and kept', async () => {
    const loop = home();
    symlinkSync(loop.file, loop.file);
    const looped = await connect(loop.user);
    expect(looped.code).toBe(2);
    expect(looped.stderr).toContain('it is a link that leads round in a loop');
    expect(looped.stderr).not.toContain('ELOOP');
    const dangling = home();
    const gone = join(mkdtempSync(join(tmpdir(), 'cs-hostile-gone-')), 'mcp.json');
    symlinkSync(gone, dangling.file);
    const result = await connect(dangling.user);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`is a link to ${gone}, which does not exist; it is not written`);
    expect(lstatSync(dangling.file).isSymbolicLink()).toBe(true);
  });

  it('a client folder every account may write is refused, nothing written in it', async () => {
    const { user, file } = home();
    chmodSync(dirname(file), 0o777);
    const result = await connect(user);
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('can be written by every account on this machine');
    expect(readdirSync(dirname(file))).toEqual([]);
  });

  it('a link into a folder every account may write is refused, saying which folder; the link and its target kept', async () => {
    const { user, file } = home();
    const shared = join(user, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o777);
    writeFileSync(join(shared, 'mcp.json'), '{}');
    symlinkSync(join(shared, 'mcp.json'), file);
    const result = await connect(user);
    expect(result.code).toBe(4);
    expect(result.stderr).toContain(`${realpathSync(shared)} can be written by every account on this machine; ${file} is not written there`);
    expect(lstatSync(file).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(shared, 'mcp.json'), 'utf8')).toBe('{}');
    expect(readdirSync(shared)).toEqual(['mcp.json']);
  });

  it('a chain whose second link sits in a folder every account may write is refused, naming that link; a private dotfiles chain is written through', async () => {
    const { user, file } = home();
    for (const dir of ['open', 'cfg']) mkdirSync(join(user, dir), { mode: 0o700 });
    chmodSync(join(user, 'open'), 0o777);
    writeFileSync(join(user, 'cfg', 'mcp.json'), '{}');
    symlinkSync(join(user, 'cfg', 'mcp.json'), join(user, 'open', 'l1'));
    symlinkSync(join(user, 'open', 'l1'), file);
    const result = await connect(user);
    expect(result.code).toBe(4);
    expect(result.stderr).toContain(`${realpathSync(join(user, 'open'))} can be written by every account on this machine; ${file} (through the link ${join(realpathSync(user), 'open', 'l1')}) is not written there`);
    expect(readFileSync(join(user, 'cfg', 'mcp.json'), 'utf8')).toBe('{}');
    expect(readdirSync(join(user, 'cfg'))).toEqual(['mcp.json']);
    const dots = home();
    for (const dir of ['dotfiles', 'work']) mkdirSync(join(dots.user, dir), { mode: 0o700 });
    writeFileSync(join(dots.user, 'work', 'mcp.json'), '{}');
    symlinkSync(join('..', 'work', 'mcp.json'), join(dots.user, 'dotfiles', 'mcp.json'));
    symlinkSync(join(dots.user, 'dotfiles', 'mcp.json'), dots.file);
    const written = await connect(dots.user);
    expect(written.code).toBe(0);
    expect(lstatSync(dots.file).isSymbolicLink()).toBe(true);
    expect(Object.keys((parse(readFileSync(join(dots.user, 'work', 'mcp.json'), 'utf8')) as { mcpServers: object }).mcpServers)).toEqual(['connected-services-bot']);
  });

  it('a file naming mcpServers twice is refused: the entry would go where the client never reads it', async () => {
    const { user, file } = home();
    const text = '{"mcpServers": {}, "mcpServers": {"theirs": {"url": "https://elsewhere.example/mcp"}}}\n';
    writeFileSync(file, text);
    const result = await connect(user);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('names "mcpServers" more than once');
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it("VS Code's mcp.json with a byte order mark, comments and trailing commas is merged, each kept", async () => {
    const { user, file } = home(join('.config', 'Code', 'User', 'mcp.json'));
    const text = '\uFEFF{\n\t// mine\n\t"servers": {\n\t\t"fetch": { "command": "uvx", }, /* kept */\n\t},\n}\n';
    writeFileSync(file, text);
    const result = await connect(user, 'vscode');
    expect(result.code, result.stderr).toBe(0);
    const written = readFileSync(file, 'utf8');
    expect(written.startsWith('\uFEFF{\n\t// mine\n')).toBe(true);
    expect(written).toContain('"fetch": { "command": "uvx", }, /* kept */');
    expect(Object.keys((parse(written.slice(1)) as { servers: object }).servers)).toEqual(['fetch', 'connected-services-bot']);
  });
});
