import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerStatus } from '../../../shared/api';
import type { McpConfig } from '../../../shared/config';
import { REDACTED, redactor } from '../../../shared/redact';
import { createPool, type Pool } from '../../pool';
import { approvalCommandLine, withApprovalCommandLines } from './shown-command';
import { leavesProcessRedactorAsFound } from '../../../test/support/process-redactor';

const LITERAL = 'literal-secret-5f2a9c1e';
const processRedactor = leavesProcessRedactorAsFound([LITERAL]);

describe('approvalCommandLine', () => {
  it('shows every environment variable with its value as written, sorted, before the command', () => {
    expect(
      approvalCommandLine({
        command: 'uvx',
        args: ['mcp-server-git', '--repository', '/srv/my repo'],
        env: { PYTHONUSERBASE: '/home/me/.local', GITHUB_TOKEN: '${secret:GH_TOKEN}', HOME_COPY: '${env:HOME}', LOG: 'info' },
      }),
    ).toBe("GITHUB_TOKEN='${secret:GH_TOKEN}' HOME_COPY='${env:HOME}' LOG=info PYTHONUSERBASE=/home/me/.local uvx mcp-server-git --repository '/srv/my repo'");
  });

  it('leads with the folder, and cannot be made to look like another command', () => {
    expect(approvalCommandLine({ command: 'node', args: ['index.js'], cwd: '/srv/tool' })).toBe('cd /srv/tool && node index.js');
    expect(approvalCommandLine({ command: 'node', env: { 'A B': 'x', C: 'line\nbreak', D: '' } })).toBe("'A B'=x C=$'line\\nbreak' D='' node");
  });

  it("hides a secret written in clear, as servers add judges one (a secret flag's value, DB_PASS), the flag and the rest kept", () => {
    const line = approvalCommandLine({
      command: 'npx',
      args: ['-y', 'some-mcp', '--api-key', 'sk-live-0123456789abcdefABCDEF', '--password=hunter2', '--token', '${secret:OTHER}'],
      env: { DB_PASS: 'hunter2', LOG_LEVEL: 'debug' },
    });
    expect(line).toBe(`DB_PASS=${REDACTED} LOG_LEVEL=debug npx -y some-mcp --api-key ${REDACTED} --password=${REDACTED} --token '\${secret:OTHER}'  # \${secret:OTHER} in its arguments, which every account on this computer can read`);
  });

  it('shows the credential the program is handed: the auth block and the credential file', () => {
    expect(
      approvalCommandLine({ command: 'mail-mcp', auth: { type: 'oauth', issuer: 'https://id.example', clientId: 'app' }, credentialFile: { env: 'TOKEN_FILE', format: 'json' } }),
    ).toBe('mail-mcp  # auth {"clientId":"app","issuer":"https://id.example","type":"oauth"}, credential file in $TOKEN_FILE (json)');
    expect(approvalCommandLine({ command: 'notes', env: { KEY: '${token}' }, auth: { type: 'api_key', key: '${secret:NOTES}' } })).toBe(
      'KEY=\'${token}\' notes  # auth {"key":"${secret:NOTES}","type":"api_key"}',
    );
    expect(approvalCommandLine({ command: 'notes', auth: { type: 'none' } })).toBe('notes');
  });

  it('says which vault secrets go into the arguments, where every account can read them, so approving is an informed choice', () => {
    expect(approvalCommandLine({ command: 'notes', args: ['--api-key', '${secret:NOTES_KEY}', '--token=${token}'] })).toBe(
      "notes --api-key '${secret:NOTES_KEY}' '--token=${token}'  # ${secret:NOTES_KEY} ${token} in its arguments, which every account on this computer can read",
    );
    expect(approvalCommandLine({ command: 'notes', args: ['--verbose'], env: { KEY: '${secret:NOTES_KEY}' } })).toBe("KEY='${secret:NOTES_KEY}' notes --verbose");
  });
});

describe('withApprovalCommandLines', () => {
  let dir = '';
  let pool: Pool | undefined;
  afterEach(async () => {
    await pool?.close();
    await rm(dir, { recursive: true, force: true });
    // The process's redactor is shared by the worker's other test files.
    processRedactor.forgetAdded();
  });

  it('gives every status that leaves the pool the whole entry, literal secrets redacted', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'cs-shown-command-'));
    const config: McpConfig = {
      mcpServers: {
        git: { command: 'uvx', args: ['mcp-server-git'], env: { PYTHONUSERBASE: '/home/me/.local', API_KEY: LITERAL } },
        web: { type: 'http', url: 'http://127.0.0.1:9/mcp' },
      },
    };
    redactor.addSecret(LITERAL);
    const inner = createPool({ cacheDir: dir });
    pool = withApprovalCommandLines(inner, { config: () => config });
    const seen: ServerStatus[] = [];
    pool.on('state', (status) => seen.push(status));
    await pool.apply(config);
    const expected = `API_KEY=${REDACTED} PYTHONUSERBASE=/home/me/.local uvx mcp-server-git`;
    // The pool's own line names only code-loading variables.
    expect(inner.status('git').commandLine).toBe('uvx mcp-server-git');
    expect(pool.status('git').commandLine).toBe(expected);
    expect(pool.statuses().map((s) => s.commandLine ?? s.url)).toEqual([expected, 'http://127.0.0.1:9/mcp']);
    expect((await pool.stop('git')).commandLine).toBe(expected);
    expect(seen.filter((s) => s.name === 'git').map((s) => s.commandLine)).toContain(expected);
    expect(seen.filter((s) => s.name === 'git').every((s) => s.commandLine === expected)).toBe(true);
  });

  it("shows each announced status once, however many listen to the pool's states", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'cs-shown-command-'));
    const config: McpConfig = { mcpServers: { git: { command: 'uvx', args: ['mcp-server-git'] }, memory: { command: 'npx', args: ['server-memory'] } } };
    let reads = 0;
    pool = withApprovalCommandLines(createPool({ cacheDir: dir }), {
      config: () => {
        reads++;
        return config;
      },
    });
    const seen: ServerStatus[][] = [[], [], []];
    for (const each of seen) pool.on('state', (status) => each.push(status));
    await pool.apply(config);
    // Two servers announced, three listeners: each status shown (the entry read) once.
    expect(seen.map((each) => each.map((s) => s.name).sort())).toEqual([['git', 'memory'], ['git', 'memory'], ['git', 'memory']]);
    expect(seen[1]?.every((s) => s.commandLine !== undefined)).toBe(true);
    expect(reads).toBe(2);
  });
});

describe('approvalCommandLine of an HTTP entry that sends secrets', () => {
  it('shows the whole URL and which reference goes in which header, never a value', () => {
    expect(approvalCommandLine({ url: 'https://api.example.com/mcp', headers: { Authorization: 'Bearer ${secret:github_token}', 'X-Team': 'blue' } })).toBe(
      'https://api.example.com/mcp  # sends ${secret:github_token} in header Authorization',
    );
    expect(
      approvalCommandLine({ url: 'https://a.example/${env:TENANT}/mcp', headers: { 'X-B': '${env:B} ${secret:c}', 'X-A': '${secret:a}' }, auth: { type: 'api_key', header: 'X-Key' } }),
    ).toBe('https://a.example/${env:TENANT}/mcp  # sends ${env:TENANT} in the URL, ${secret:a} in header X-A, ${env:B} ${secret:c} in header X-B, its API key in header X-Key');
  });

  it('hides what servers add calls a secret in the address: a token in its path, a secret parameter', () => {
    expect(approvalCommandLine({ url: 'https://mcp.example.com/u/Xq7Lm2Np9Rt4Vw8Zb3Kd6Hf1Jg5s/mcp?key=AAAAbbbbCCCCddddEEEE1234&region=eu', headers: { 'X-A': '${secret:a}' } })).toBe(
      `https://mcp.example.com/u/${REDACTED}/mcp?key=${REDACTED}&region=eu  # sends \${secret:a} in header X-A`,
    );
  });
});
