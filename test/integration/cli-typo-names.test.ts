import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

// A name mistyped in a command line that is itself right (exit 3, not_found): the hint names what the
// typo likely meant, of the kind the command named, then what to run, each a sentence.
describe('a mistyped tool, prompt, resource or agent name', () => {
  const home = tempHome('cs-typo-names-');

  it('is answered with the name meant, from the server\'s own listing or the agents', async () => {
    const tool = await runCli(home, ['call', 'everything', 'ecoh', '{}']);
    expect(tool.stderr).toContain('hint: Did you mean echo? Run `connected-services tools everything --refresh`');
    const prompt = await runCli(home, ['prompt', 'everything', 'args-promt']);
    expect(prompt.stderr).toContain('hint: Did you mean args-prompt? Run `connected-services prompts everything --refresh`');
    const resource = await runCli(home, ['read', 'everything', 'demo://resource/static/document/architecture.m']);
    expect(resource.stderr).toContain('hint: Did you mean demo://resource/static/document/architecture.md? Run');
    for (const verb of ['stop', 'restart']) {
      const server = await runCli(home, ['servers', verb, 'memroy']);
      expect(server.code, verb).toBe(3);
      expect(server.stderr).toBe('error [not_found]: No server named "memroy" is configured\n  hint: Did you mean memory? See `connected-services servers list`, or add one with `connected-services servers add`\n');
    }
    expect((await runCli(home, ['agents', 'add', 'laptop'])).code).toBe(0);
    for (const args of [['agents', 'set', 'laptp', '--servers', 'memory'], ['agents', 'rotate', 'laptp'], ['agents', 'remove', 'laptp']]) {
      const agent = await runCli(home, args);
      expect(agent.stderr, args.join(' ')).toBe('error [not_found]: No agent named "laptp"\n  hint: Did you mean laptop? See `connected-services agents list`\n');
    }
  }, 60_000);
});
