import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

describe('agents add/set --resource-tools', () => {
  it('records the option, lists it, and --no-resource-tools takes it away; set without it keeps it', async () => {
    const home = tempHome('cs-agent-resource-tools-');
    const added = await runCli(home, ['agents', 'add', 'desk', '--servers', 'everything', '--resource-tools', '--json']);
    expect(added.code, added.stderr).toBe(0);
    expect((JSON.parse(added.stdout) as { agent: { resourceTools?: boolean } }).agent.resourceTools).toBe(true);
    const listed = await runCli(home, ['agents', 'list']);
    expect(listed.stdout).toContain('desk is also offered list_resources, read_resource and get_prompt as tools.');
    const other = await runCli(home, ['agents', 'set', 'desk', '--policy', 'read=ask', '--json']);
    expect((JSON.parse(other.stdout) as { resourceTools?: boolean }).resourceTools).toBe(true);
    const off = await runCli(home, ['agents', 'set', 'desk', '--no-resource-tools', '--json']);
    expect(off.code, off.stderr).toBe(0);
    expect((JSON.parse(off.stdout) as { resourceTools?: boolean }).resourceTools).toBeUndefined();
    const on = await runCli(home, ['agents', 'set', 'desk', '--resource-tools']);
    expect(on.code, on.stderr).toBe(0);
    expect(on.stdout).toContain('desk is also offered list_resources, read_resource and get_prompt as tools.');
  }, 60_000);
});
