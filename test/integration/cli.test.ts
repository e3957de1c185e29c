import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli, tempHome } from '../support/cli';

const echoServer = join(ROOT, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');

describe('CLI (real reference servers over stdio)', () => {
  it('first run creates a private data directory with approved demo servers', async () => {
    const home = tempHome();
    const result = await runCli(home, ['status', '--json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const status = JSON.parse(result.stdout) as { servers: { name: string; approval: string; state: string }[]; configIssues: unknown[] };
    expect(status.servers.map((s) => s.name).sort()).toEqual(['everything', 'memory']);
    expect(status.servers.every((s) => s.approval === 'approved' && s.state === 'idle')).toBe(true);
    expect(status.configIssues).toEqual([]);
    expect(statSync(home).mode & 0o777).toBe(0o700);
  });

  it('exits 0 with a plain message when a listing is empty or there is nothing to do', async () => {
    const home = tempHome();
    const cases: Array<[string[], string, Record<string, string>?]> = [
      [['agents', 'list'], 'No agents.'],
      [['secrets', 'list'], 'No secrets stored.', { CONNECTED_SERVICES_PASSPHRASE: 'a long test passphrase' }],
      [['servers', 'approve', 'everything'], 'Already approved.'],
      [['prompts', 'memory'], 'No prompts.'],
    ];
    for (const [args, says, env] of cases) {
      const result = await runCli(home, args, env ? { env } : {});
      expect({ args, code: result.code }).toEqual({ args, code: 0 });
      expect(result.stderr).not.toContain('error');
      expect(result.stdout).toContain(says);
    }
  });

  it('lists tools and calls echo: `call everything echo` prints hi', async () => {
    const home = tempHome();
    const tools = await runCli(home, ['tools', 'everything', '--json']);
    expect(tools.code).toBe(0);
    const names = (JSON.parse(tools.stdout) as { name: string }[]).map((t) => t.name);
    expect(names).toContain('echo');

    // The second listing comes from the cache: no server is started for it.
    const cached = await runCli(home, ['tools']);
    expect(cached.code).toBe(0);
    expect(cached.stderr).not.toContain('fetching the inventory of everything');
    expect(cached.stdout).toMatch(/everything\s+echo/);

    const call = await runCli(home, ['call', 'everything', 'echo', '{"message":"hi"}']);
    expect(call.stderr).toBe('');
    expect(call.code).toBe(0);
    expect(call.stdout).toMatch(/\bhi\b/);

    const memory = await runCli(home, ['call', 'memory', 'create_entities', '{"entities":[{"name":"Ada","entityType":"person","observations":["wrote the first program"]}]}']);
    expect(memory.code).toBe(0);
    const graph = await runCli(home, ['call', 'memory', 'read_graph', '--json']);
    expect(graph.stdout).toContain('wrote the first program');
  });

  it('answers user mistakes with a coded error and exit code, never a stack trace', async () => {
    const home = tempHome();
    const badJson = await runCli(home, ['call', 'everything', 'echo', '{message:hi}']);
    expect(badJson.code).toBe(2);
    expect(badJson.stderr).toContain('error [invalid_input]');
    expect(badJson.stderr).not.toMatch(/\n\s+at /);

    const missing = await runCli(home, ['call', 'nosuch', 'echo', '{}']);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('error [not_found]');

    const badUrl = await runCli(home, ['servers', 'add', 'web', '--url', 'ftp://example.test']);
    expect(badUrl.code).toBe(2);
    expect(badUrl.stderr).toContain('url');

    const usage = await runCli(home, ['frobnicate']);
    expect(usage.code).toBe(2);

    const json = await runCli(home, ['call', 'nosuch', 'echo', '--json']);
    expect(JSON.parse(json.stderr)).toMatchObject({ error: { code: 'not_found' } });
  });

  it('does not run a new command until it is approved', async () => {
    const home = tempHome();
    // Its own name makes it a new approval, though the demo server runs the same program; its env shows.
    const add = await runCli(home, ['servers', 'add', 'echo2', '--env', 'DEMO_FLAG=1', '--', 'node', echoServer, 'stdio']);
    expect(add.code).toBe(0);
    const list = await runCli(home, ['servers', 'list']);
    expect(list.stdout).toMatch(/echo2\s+stdio\s+pending approval\s+DEMO_FLAG=1 node .*server-everything.*index\.js stdio/);

    const refused = await runCli(home, ['call', 'echo2', 'echo', '{"message":"hi"}']);
    expect(refused.code).toBe(4);
    expect(refused.stderr).toContain('servers approve echo2');

    const approve = await runCli(home, ['servers', 'approve', 'echo2']);
    expect(approve.code).toBe(0);
    expect(approve.stdout).toContain(echoServer);
    const call = await runCli(home, ['call', 'echo2', 'echo', '{"message":"approved now"}']);
    expect(call.code).toBe(0);
    expect(call.stdout).toContain('approved now');

    const disable = await runCli(home, ['servers', 'disable', 'echo2']);
    expect(disable.code).toBe(0);
    const disabled = await runCli(home, ['call', 'echo2', 'echo', '{"message":"x"}']);
    expect(disabled.code).toBe(4);
    expect((await runCli(home, ['servers', 'remove', 'echo2'])).code).toBe(0);
    expect((await runCli(home, ['servers', 'remove', 'echo2'])).code).toBe(3);
  });

  it('asks again for a server that runs the same command as an approved one under another name', async () => {
    const home = tempHome();
    const status = JSON.parse((await runCli(home, ['status', '--json'])).stdout) as { servers: { name: string; commandLine: string }[] };
    const demo = status.servers.find((s) => s.name === 'everything')?.commandLine ?? '';
    expect(demo).toMatch(/^node .*server-everything/);
    const config = JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, unknown> };
    config.mcpServers['copy'] = config.mcpServers['everything'];
    writeFileSync(join(home, 'mcp.json'), JSON.stringify(config));

    const list = await runCli(home, ['servers', 'list']);
    expect(list.stdout).toMatch(/copy\s+stdio\s+pending approval\s+node /);
    const refused = await runCli(home, ['call', 'copy', 'echo', '{"message":"hi"}']);
    expect(refused.code).toBe(4);
    expect(refused.stderr).toContain('servers approve copy');
    const approve = await runCli(home, ['servers', 'approve', 'copy']);
    expect(approve.stdout).toContain(demo);
    expect(approve.stdout).not.toContain('Already approved.');
    expect(approve.stdout).toContain('Approved copy.');
  });

  const python = (() => {
    try {
      return execFileSync('python3', ['-c', 'print(1)'], { encoding: 'utf8' }).trim() === '1';
    } catch {
      return false;
    }
  })();

  it.skipIf(!python)('never runs an approved Python server whose PYTHONUSERBASE now points at a folder with a .pth', async () => {
    const home = tempHome();
    const folders = mkdtempSync(join(tmpdir(), 'cs-userbase-'));
    const [good, evil] = [join(folders, 'good'), join(folders, 'evil')];
    const marker = join(folders, 'evil-code-ran');
    const site = execFileSync('python3', ['-m', 'site', '--user-site'], { encoding: 'utf8', env: { ...process.env, PYTHONUSERBASE: evil } }).trim();
    mkdirSync(site, { recursive: true });
    writeFileSync(join(site, 'evil.pth'), `import os; open(${JSON.stringify(marker)}, 'w').write('ran')\n`);

    expect((await runCli(home, ['servers', 'add', 'py', '--env', `PYTHONUSERBASE=${good}`, '--', 'python3', '-c', 'pass'])).code).toBe(0);
    expect((await runCli(home, ['servers', 'approve', 'py', '--yes'])).code).toBe(0);
    const file = join(home, 'mcp.json');
    const config = JSON.parse(readFileSync(file, 'utf8')) as { mcpServers: Record<string, { env: Record<string, string> }> };
    config.mcpServers['py']!.env['PYTHONUSERBASE'] = evil;
    writeFileSync(file, JSON.stringify(config));

    const call = await runCli(home, ['call', 'py', 'anything']);
    expect(call.code).toBe(4);
    expect(call.stderr).toContain('servers approve py');
    expect(existsSync(marker)).toBe(false);
    const list = await runCli(home, ['servers', 'list']);
    expect(list.stdout).toContain(`pending approval  PYTHONUSERBASE=${evil} python3 -c pass`);
  });

  it('reports a broken config with file, server and field, and keeps working', async () => {
    const home = tempHome();
    await runCli(home, ['status']);
    const file = join(home, 'mcp.json');
    const config = JSON.parse(readFileSync(file, 'utf8')) as { mcpServers: Record<string, Record<string, unknown>> };
    config.mcpServers['broken'] = { command: 'node', args: 'not-a-list' };
    writeFileSync(file, JSON.stringify(config));
    const status = await runCli(home, ['status']);
    expect(status.code).toBe(2);
    // Each problem once: the entry's row says the field, the error names the entry and the file.
    expect(status.stdout).toMatch(/broken .*invalid entry .*field "args": expected array/);
    expect(status.stderr).toContain('The config has an invalid entry, shown above: "broken"');
    expect(status.stderr).toContain(`Fix ${file}`);
    const doctor = await runCli(home, ['doctor']);
    expect(doctor.code).toBe(1);
    expect(doctor.stdout).toMatch(/FAIL\s+Config file/);
    expect(doctor.stdout).toContain(`${file}: server "broken": field "args": expected array`);
  });

  it('imports another client\'s servers without overwriting, pending approval', async () => {
    const home = tempHome();
    await runCli(home, ['status']);
    const source = join(home, '..', 'claude_desktop_config.json');
    writeFileSync(source, JSON.stringify({ mcpServers: { everything: { command: 'other' }, notes: { command: 'npx', args: ['-y', 'notes-server'] } } }));
    const result = await runCli(home, ['import', 'claude-desktop', '--path', source]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('added   notes');
    expect(result.stdout).toMatch(/skipped everything: .*already/);
    const status = JSON.parse((await runCli(home, ['status', '--json'])).stdout) as { servers: { name: string; approval: string; commandLine?: string }[] };
    expect(status.servers.find((s) => s.name === 'notes')?.approval).toBe('pending');
    expect(status.servers.find((s) => s.name === 'everything')?.commandLine).toContain('server-everything');
  });

  it('doctor reports each check with its fix', async () => {
    const home = tempHome();
    const result = await runCli(home, ['doctor', '--json']);
    const checks = JSON.parse(result.stdout) as { id: string; status: string }[];
    expect(checks.find((c) => c.id === 'path:node')?.status).toBe('ok');
    expect(checks.find((c) => c.id === 'data-dir')?.status).toBe('ok');
    expect(checks.find((c) => c.id === 'server:everything')?.status).toBe('ok');
    expect(checks.find((c) => c.id === 'config')?.status).toBe('ok');
  });
});
