import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

// Inputs typed at the command line are taken exactly as documented, and what is echoed back is bounded.
describe('CLI: input bounds', () => {
  it('a port is plain decimal digits from 0 to 65535', async () => {
    const home = tempHome('cs-cli-port-');
    for (const [flag, value] of [['--port', '1e3'], ['--port', '0x50'], ['--bridge-port', '80.0'], ['--port', ' 80'], ['--port', '65536']] as const) {
      const run = await runCli(home, ['serve', flag, value]);
      expect({ value, code: run.code }).toEqual({ value, code: 2 });
      expect(run.stderr).toContain('A port is a whole number from 0 to 65535');
    }
  }, 60_000);

  it('call echoes at most the start of arguments that are not JSON', async () => {
    const home = tempHome('cs-cli-call-json-');
    const huge = `{"text": ${'x'.repeat(100_000)}}`;
    const run = await runCli(home, ['call', 'notes', 'echo', huge]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('not valid JSON');
    expect(run.stderr).toContain('(100010 characters)');
    expect(run.stderr.length).toBeLessThan(1_000);
  }, 30_000);
});
