import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_TARGETS } from '../../shared/api';
import { runCli, tempHome } from '../support/cli';
import { startServe, type Served } from '../support/serve';

interface AgentConfig {
  text: string;
  for: string;
  assumed?: string;
  file?: string;
  notes?: string[];
}

/**
 * The app's "Show configuration to paste" and the confirmation after Create agent show the App API's agentConfig:
 * it must be exactly what `agents config` prints for the same client, token and data folder.
 */
describe('agentConfig through the App API is what `agents config` prints', () => {
  let home: string;
  let served: Served;
  let token: string;
  beforeAll(async () => {
    home = tempHome('cs-app-config-');
    mkdirSync(home, { recursive: true, mode: 0o700 });
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: {} }), { mode: 0o600 });
    // Before the app starts: while it runs, an agent added from the command line waits for the person.
    const add = await runCli(home, ['agents', 'add', 'desk', '--servers', '*', '--for', 'cursor', '--json']);
    expect(add.code, add.stderr).toBe(0);
    token = (JSON.parse(add.stdout) as { token: string }).token;
    const plain = await runCli(home, ['agents', 'add', 'plain', '--servers', '*', '--json']);
    expect(plain.code, plain.stderr).toBe(0);
    served = await startServe(home);
  });
  afterAll(async () => {
    await served.stop();
  });

  async function fromApp(input: Record<string, unknown>): Promise<AgentConfig> {
    const answer = await served.api('agentConfig', input);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.result as AgentConfig;
  }

  /** What the CLI prints: the configuration on stdout, the file and the notes as `# ` lines on stderr. */
  function printed(config: AgentConfig): { stdout: string; stderr: string } {
    const lines = [...(config.assumed !== undefined ? [`for ${config.assumed} (another: --for ${CONFIG_TARGETS.join('|')})`] : []), ...(config.file !== undefined ? [config.file] : []), ...(config.notes ?? [])];
    return { stdout: `${config.text}\n`, stderr: lines.map((l) => `# ${l}\n`).join('') };
  }

  it.each(CONFIG_TARGETS)('%s, with the token', async (target) => {
    const app = await fromApp({ name: 'desk', for: target, token });
    const cli = await runCli(home, ['agents', 'config', 'desk', '--for', target], { env: { CONNECTED_SERVICES_TOKEN: token } });
    expect(cli.code, cli.stderr).toBe(0);
    expect(app.for).toBe(target);
    expect(app.assumed).toBeUndefined();
    // Codex reads the token from the variable its table names: the table never holds one.
    if (target === 'codex') expect(app.text).not.toContain(token);
    else expect(app.text).toContain(token);
    expect({ stdout: cli.stdout, stderr: cli.stderr }).toEqual(printed(app));
  });

  it('without a token: the reference the client expands, never a token', async () => {
    const app = await fromApp({ name: 'desk', for: 'claude-code' });
    const cli = await runCli(home, ['agents', 'config', 'desk', '--for', 'claude-code'], { env: { CONNECTED_SERVICES_TOKEN: '' } });
    expect(cli.stdout).toBe(printed(app).stdout);
    expect(app.text).toContain('${CONNECTED_SERVICES_TOKEN}');
    expect(app.text).not.toContain('cs_agent_');
  });

  it('without a client named: the one its names are made for, said the same way by both', async () => {
    const app = await fromApp({ name: 'desk', token });
    expect(app.for).toBe('cursor');
    expect(app.assumed).toBe('cursor, the client its names are made for');
    const cli = await runCli(home, ['agents', 'config', 'desk'], { env: { CONNECTED_SERVICES_TOKEN: token } });
    expect(cli.code, cli.stderr).toBe(0);
    expect({ stdout: cli.stdout, stderr: cli.stderr }).toEqual(printed(app));
  });

  it('an agent with no client recorded: Claude Code, saying so and how to make its names fit', async () => {
    const app = await fromApp({ name: 'plain' });
    expect(app.for).toBe('claude-code');
    expect(app.assumed).toBe('claude-code, as no client is recorded for it');
    expect(app.notes).toContain('make its names fit claude-code\'s prefix: connected-services agents set "plain" --for claude-code');
    const cli = await runCli(home, ['agents', 'config', 'plain'], { env: { CONNECTED_SERVICES_TOKEN: '' } });
    expect({ stdout: cli.stdout, stderr: cli.stderr }).toEqual(printed(app));
  });

  it('a client other than the one its names fit is said in the notes', async () => {
    const app = await fromApp({ name: 'desk', for: 'vscode', token });
    expect(app.notes).toContain('its names are made for cursor, not vscode: connected-services agents set "desk" --for vscode');
  });
});
