import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

// `${secrt:Y}` and `${SECRET:Y}` were stored and handed to the program as this very text, the
// secret never filled in, and doctor said nothing of them.
describe('a reference whose kind is mistyped, through the built CLI', () => {
  it('is refused by servers add with what it meant, and named by doctor in an mcp.json written by hand', async () => {
    const home = tempHome('cs-mistyped-');
    const refused = await runCli(home, ['servers', 'add', 'ev2', '--env', 'X=${secrt:Y}', '--', 'echo']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('${secrt:Y} is not a reference');
    expect(refused.stderr).toContain('Did you mean ${secret:Y}?');

    expect((await runCli(home, ['servers', 'list'])).code).toBe(0);
    const file = join(home, 'mcp.json');
    const config = JSON.parse(readFileSync(file, 'utf8')) as { mcpServers: Record<string, unknown> };
    config.mcpServers['typed'] = { command: 'echo', env: { Z: '${SECRET:Y}' } };
    writeFileSync(file, JSON.stringify(config));
    const doctor = await runCli(home, ['doctor']);
    expect(doctor.stdout).toMatch(/\$\{SECRET:Y\} is not a reference, so it reaches the server as this text: did you mean \$\{secret:Y\}\? \(field env\["Z"\]\)/);
  }, 60_000);
});
