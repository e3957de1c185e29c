import { describe, expect, it } from 'vitest';
import { CATALOG, catalogEntryFor, planCatalogServer } from './index';
import { packageOf } from './match-entry';

/** As the status shows a command line: plain words bare, others in single quotes. */
function quote(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The command line of a server added from this entry, env assignments first (as approvals show it). */
function lineOf(id: string): string {
  const entry = CATALOG.find((e) => e.id === id);
  if (entry?.transport !== 'stdio') throw new Error(`no stdio entry ${id}`);
  const values = Object.fromEntries((entry.inputs ?? []).map((i) => [i.id, '/tmp/x']));
  const { config } = planCatalogServer(entry, entry.id, { values });
  if (!('command' in config)) throw new Error('not stdio');
  const env = Object.entries(config.env ?? {}).map(([name, value]) => `${name}=${quote(value)}`);
  return [...env, config.command, ...(config.args ?? [])].map((w, i) => (i < env.length ? w : quote(w))).join(' ');
}

describe('catalogEntryFor by command line', () => {
  it('matches every stdio entry of the catalog to its own command line', () => {
    for (const entry of CATALOG) {
      if (entry.transport !== 'stdio') continue;
      expect(catalogEntryFor(CATALOG, { commandLine: lineOf(entry.id) })?.id, entry.id).toBe(entry.id);
    }
  });

  it('names each entry by a package argument it has, never a runner word such as run', () => {
    for (const entry of CATALOG) {
      if (entry.transport !== 'stdio') continue;
      const pkg = packageOf(entry);
      expect(entry.args, entry.id).toContain(pkg);
      expect(['run', 'exec', 'dlx', 'x', 'tool', 'start', 'serve', 'stdio'], entry.id).not.toContain(pkg);
    }
  });

  it('does not take a command that merely contains "run" for Google Analytics', () => {
    for (const commandLine of ['uv run x.py', 'docker run -i --rm mcp/postgres', 'npm run start', 'node /run/user/1000/server.js']) {
      expect(catalogEntryFor(CATALOG, { commandLine })?.id, commandLine).toBeUndefined();
    }
    expect(catalogEntryFor(CATALOG, { commandLine: 'pipx run analytics-mcp' })?.id).toBe('google-analytics');
    expect(catalogEntryFor(CATALOG, { commandLine: lineOf('google-analytics') })?.id).toBe('google-analytics');
  });

  it('needs the whole package: a look-alike or a longer name is another program', () => {
    expect(catalogEntryFor(CATALOG, { commandLine: 'pipx run analytics-mcp-fork' })).toBeUndefined();
    expect(catalogEntryFor(CATALOG, { commandLine: 'npx -y @modelcontextprotocol/server-memory-plus' })).toBeUndefined();
    expect(catalogEntryFor(CATALOG, { commandLine: 'docker run -i --rm ghcr.io/someone/github-mcp-server' })).toBeUndefined();
    expect(catalogEntryFor(CATALOG, { commandLine: 'python memory.py' })).toBeUndefined();
    expect(catalogEntryFor(CATALOG, { commandLine: 'node /srv/server-everything/index.js' })).toBeUndefined();
    expect(catalogEntryFor(CATALOG, { commandLine: 'python /home/me/analytics-mcp-clone/run/main.py' })).toBeUndefined();
  });

  it('still finds an entry run another way: a version, a sibling runner, an installed copy', () => {
    expect(catalogEntryFor(CATALOG, { commandLine: 'npx -y @modelcontextprotocol/server-memory@2025.1.1' })?.id).toBe('memory');
    expect(catalogEntryFor(CATALOG, { commandLine: 'uvx analytics-mcp' })?.id).toBe('google-analytics');
    expect(catalogEntryFor(CATALOG, { commandLine: 'docker run -i --rm -e GITHUB_PERSONAL_ACCESS_TOKEN ghcr.io/github/github-mcp-server:v0.9' })?.id).toBe('github-local');
    expect(catalogEntryFor(CATALOG, { commandLine: "'C:\\tools\\npx.cmd' -y @modelcontextprotocol/server-memory" })?.id).toBe('memory');
    expect(catalogEntryFor(CATALOG, { commandLine: 'cd /srv && node node_modules/@modelcontextprotocol/server-memory/dist/index.js' })?.id).toBe('memory');
    expect(catalogEntryFor(CATALOG, { commandLine: 'node /x/@modelcontextprotocol/server-everything/dist/index.js stdio' })?.id).toBe('everything');
  });

  it('matches nothing for a line that is not one command', () => {
    expect(catalogEntryFor(CATALOG, { commandLine: "npx 'unclosed" })).toBeUndefined();
    expect(catalogEntryFor(CATALOG, {})).toBeUndefined();
  });
});
