import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runCli, tempHome } from '../support/cli';
import { runInspector } from '../support/inspector';
import { confirmAsPerson, startServe, type Served } from '../support/serve';

// An unmodified external client (the official MCP Inspector CLI) against our bridge: proves
// interoperability beyond our own SDK-based tests.

const named = z.object({ name: z.string() });
const toolList = z.object({ tools: z.array(named) });
const promptList = z.object({ prompts: z.array(named) });
const resourceList = z.object({ resources: z.array(named.extend({ uri: z.string() })) });
const callResult = z.object({ content: z.array(z.object({ type: z.string(), text: z.string().optional() })), isError: z.boolean().optional() });

/** While serve runs, a new agent from the command line waits for the person, who gets its token. */
async function addAgent(served: Served, home: string, name: string, servers: string): Promise<string> {
  const added = await runCli(home, ['agents', 'add', name, '--servers', servers, '--policy', 'read=allow', '--json']);
  return z.object({ token: z.string() }).parse(await confirmAsPerson(served, added)).token;
}

describe('the MCP Inspector CLI through the bridge', () => {
  let home: string;
  let served: Served;
  let bridge: string;
  let token: string;
  beforeAll(async () => {
    home = tempHome();
    served = await startServe(home);
    bridge = served.bridge ?? '';
    expect(bridge).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    token = await addAgent(served, home, 'inspector', 'everything');
  }, 90_000);
  afterAll(async () => {
    await served.stop();
  });

  it('lists only the tools of the servers the agent is allowed', async () => {
    const run = await runInspector(bridge, ['--method', 'tools/list'], token);
    expect(run.code, run.stderr).toBe(0);
    const names = toolList.parse(run.result).tools.map((t) => t.name);
    expect(names).toContain('everything__echo');
    expect(names.every((n) => n.startsWith('everything__'))).toBe(true);

    // Control: the same bridge does offer memory tools to an agent allowed every server.
    const all = await runInspector(bridge, ['--method', 'tools/list'], await addAgent(served, home, 'inspector-all', '*'));
    expect(all.code, all.stderr).toBe(0);
    const allNames = toolList.parse(all.result).tools.map((t) => t.name);
    expect(allNames.some((n) => n.startsWith('memory__'))).toBe(true);
    expect(names.some((n) => n.startsWith('memory__'))).toBe(false);
  }, 90_000);

  it('calls a tool and gets the echoed text back', async () => {
    const run = await runInspector(bridge, ['--method', 'tools/call', '--tool-name', 'everything__echo', '--tool-arg', 'message=hello from the inspector'], token);
    expect(run.code, run.stderr).toBe(0);
    const result = callResult.parse(run.result);
    expect(result.isError ?? false).toBe(false);
    expect(result.content.map((c) => c.text ?? '').join('')).toContain('hello from the inspector');
  }, 90_000);

  it('fails without a token or with a wrong one, and the bridge keeps serving', async () => {
    const missing = await runInspector(bridge, ['--method', 'tools/list']);
    expect(missing.code).not.toBe(0);
    expect(missing.result).toBeUndefined();
    expect(missing.error?.code).toBe('auth_required');
    // The bridge's own 401 body, carried in the inspector's message: it reached our token check.
    expect(missing.error?.message).toMatch(/agent token is required/);

    const wrong = await runInspector(bridge, ['--method', 'tools/call', '--tool-name', 'everything__echo', '--tool-arg', 'message=nope'], `cs_agent_${'x'.repeat(43)}`);
    expect(wrong.code).not.toBe(0);
    expect(wrong.result).toBeUndefined();
    expect(wrong.error?.code).toBe('auth_required');
    expect(wrong.error?.message).toMatch(/agent token is not valid/);
    expect(wrong.stdout).not.toContain('nope');

    expect(served.child.exitCode).toBeNull();
    const after = await runInspector(bridge, ['--method', 'tools/call', '--tool-name', 'everything__echo', '--tool-arg', 'message=still here'], token);
    expect(after.code, after.stderr).toBe(0);
    expect(callResult.parse(after.result).content.map((c) => c.text ?? '').join('')).toContain('still here');
  }, 90_000);

  it('lists prompts and resources under prefixed names', async () => {
    const prompts = await runInspector(bridge, ['--method', 'prompts/list'], token);
    expect(prompts.code, prompts.stderr).toBe(0);
    const promptNames = promptList.parse(prompts.result).prompts.map((p) => p.name);
    expect(promptNames).toContain('everything__simple-prompt');
    expect(promptNames.every((n) => n.startsWith('everything__'))).toBe(true);

    const resources = await runInspector(bridge, ['--method', 'resources/list'], token);
    expect(resources.code, resources.stderr).toBe(0);
    const listed = resourceList.parse(resources.result).resources;
    expect(listed.length).toBeGreaterThan(0);
    // Names are prefixed; URIs pass through unchanged so resources/read reaches the right server.
    expect(listed.every((r) => r.name.startsWith('everything__'))).toBe(true);
    expect(listed.some((r) => r.uri.startsWith('demo://resource/'))).toBe(true);
  }, 90_000);
});
