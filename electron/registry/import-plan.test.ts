import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ImportContext } from './import-locations';
import { MAX_IMPORT_SERVERS, planImport } from './import-plan';

function fileWith(text: string): { file: string; ctx: ImportContext } {
  const dir = mkdtempSync(join(tmpdir(), 'cs-import-plan-'));
  const file = join(dir, 'mcp.json');
  writeFileSync(file, text);
  return { file, ctx: { homeDir: dir, platform: 'linux', env: {}, cwd: dir } };
}

describe('planImport: a file naming a server twice', () => {
  // JSON.parse keeps the last silently; the person was told only "added dup".
  it('takes the last, as the client does, and says the earlier one was left out', async () => {
    const { file, ctx } = fileWith('{"mcpServers":{"dup":{"command":"echo","args":["first"]},"ok":{"command":"echo"},"dup":{"command":"echo","args":["last"]}}}');
    const plan = await planImport('cursor', file, ctx);
    expect(plan.candidates.map((c) => [c.name, c.config])).toEqual([
      ['dup', { command: 'echo', args: ['last'] }],
      ['ok', { command: 'echo' }],
    ]);
    expect(plan.skipped).toEqual([{ name: 'dup', from: file, reason: `named more than once in ${file}: the earlier ones were left out (the client reads only the last)` }]);
  });

  it('says so for a project of Claude Code, and for a container named twice', async () => {
    const { file, ctx } = fileWith('{"mcpServers":{"a":{"command":"x"}},"projects":{"/p":{"mcpServers":{"b":{"command":"x"},"b":{"command":"y"}}}},"mcpServers":{"c":{"command":"z"}}}');
    const plan = await planImport('claude-code', file, ctx);
    expect(plan.candidates.map((c) => c.name)).toEqual(['c', 'b']);
    expect(plan.skipped.map((s) => [s.name, s.reason])).toEqual([
      ['*', '"mcpServers" is named more than once: the servers in the earlier ones were left out (the client reads only the last)'],
      ['b', `named more than once in ${file}: the earlier ones were left out (the client reads only the last)`],
    ]);
  });

  it('says nothing for a file that names each once', async () => {
    const { file, ctx } = fileWith('{"mcpServers":{"a":{"command":"x","env":{"K":"1"}}},"other":{"a":1}}');
    expect((await planImport('cursor', file, ctx)).skipped).toEqual([]);
  });
});

describe('planImport: how many servers one import takes', () => {
  const servers = (count: number): string => JSON.stringify({ mcpServers: Object.fromEntries(Array.from({ length: count }, (_, i) => [`s${i}`, { command: 'echo' }])) });

  it(`takes ${MAX_IMPORT_SERVERS}`, async () => {
    const { file, ctx } = fileWith(servers(MAX_IMPORT_SERVERS));
    expect((await planImport('cursor', file, ctx)).candidates).toHaveLength(MAX_IMPORT_SERVERS);
  });

  it('refuses one more, whole, saying how many and the bound', async () => {
    const { file, ctx } = fileWith(servers(MAX_IMPORT_SERVERS + 1));
    await expect(planImport('cursor', file, ctx)).rejects.toMatchObject({
      code: 'invalid_input',
      message: `${file} names ${MAX_IMPORT_SERVERS + 1} servers, more than the ${MAX_IMPORT_SERVERS} one import takes; nothing was imported.`,
    });
  });
});

describe('planImport: a secret the vault would refuse', () => {
  it("leaves out an entry whose URL's secret decodes to a NUL byte, saying which field", async () => {
    const { file, ctx } = fileWith('{"mcpServers":{"nul":{"url":"https://x.example/mcp?api_key=TOPSECRET0123456789%00x"},"ok":{"command":"echo"}}}');
    const plan = await planImport('cursor', file, ctx);
    expect(plan.candidates.map((c) => c.name)).toEqual(['ok']);
    expect(plan.skipped).toEqual([{ name: 'nul', from: file, reason: 'url.api_key holds a secret with a NUL byte, which the vault does not keep; correct it in that file and import again' }]);
  });
});
