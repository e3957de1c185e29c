import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { ROOT } from './cli';

/** The official MCP Inspector's one-shot CLI, run unmodified from the installed devDependency. */
export const INSPECTOR = join(ROOT, 'node_modules', '@modelcontextprotocol', 'inspector', 'clients', 'cli', 'build', 'index.js');

export interface InspectorRun {
  code: number;
  stdout: string;
  stderr: string;
  /** With `--format json`: the one result object on stdout. */
  result: unknown;
  /** With `--format json`: the error envelope on stderr. */
  error: { code: string; message: string } | undefined;
}

const envelope = z.object({
  result: z.unknown().optional(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});

/** The last line that parses as the CLI's JSON envelope, so a stray banner line cannot break parsing. */
function lastEnvelope(text: string): z.infer<typeof envelope> {
  for (const line of text.split('\n').reverse()) {
    if (!line.trimStart().startsWith('{')) continue;
    try {
      const parsed = envelope.safeParse(JSON.parse(line));
      if (parsed.success) return parsed.data;
    } catch {
      // not JSON: a banner or a status line
    }
  }
  return {};
}

/**
 * Runs one inspector CLI call against a Streamable HTTP URL. No shell, bounded time, a throwaway
 * HOME and storage so it never touches the real ~/.mcp-inspector, and a minimal env (no proxies).
 * `--stored-auth-only` keeps it from ever starting an interactive OAuth login on a 401.
 */
export function runInspector(url: string, args: string[], token?: string, timeoutMs = 30_000): Promise<InspectorRun> {
  const dir = mkdtempSync(join(tmpdir(), 'cs-inspector-'));
  const env = {
    PATH: process.env['PATH'] ?? '',
    HOME: dir,
    MCP_CATALOG_PATH: join(dir, 'catalog.json'),
    MCP_CLIENT_CONFIG_PATH: join(dir, 'client.json'),
    MCP_STORAGE_DIR: join(dir, 'storage'),
    NO_COLOR: '1',
  };
  const header = token === undefined ? [] : ['--header', `Authorization: Bearer ${token}`];
  const argv = [INSPECTOR, '--server-url', url, '--transport', 'http', '--format', 'json', '--stored-auth-only', ...header, ...args];
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, argv, { env, cwd: dir, timeout: timeoutMs, killSignal: 'SIGKILL' }, (err, stdout, stderr) => {
      rmSync(dir, { recursive: true, force: true });
      if (err !== null && typeof err.code !== 'number') return reject(new Error(`inspector ${args.join(' ')} failed: ${err.message}\n${stderr}`));
      resolve({
        code: err === null ? 0 : Number(err.code),
        stdout,
        stderr,
        result: lastEnvelope(stdout).result,
        error: lastEnvelope(stderr).error,
      });
    });
    child.stdin?.end();
  });
}
