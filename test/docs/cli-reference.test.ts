import { describe, expect, it } from 'vitest';
import { commandsOf, loadProgram, regeneratePage, renderReference } from '../../build/docs/cli-reference.mjs';
import { readPage } from './markdown';

const PAGE = 'docs/cli.md';

/** docs/cli.md's reference is the command definitions' (build/docs/cli-reference.mjs), never a hand copy that drifts. */
describe('docs/cli.md', () => {
  it('is what `npm run docs` makes of the command definitions', async () => {
    const text = readPage(PAGE);
    const next = regeneratePage(text, await loadProgram());
    const changed = text.split('\n').findIndex((line, i) => line !== next.split('\n')[i]);
    expect(
      next === text,
      `${PAGE} is out of date with electron/cli/program.ts (first difference at line ${changed + 1}): run \`npm run docs\` and commit ${PAGE}`,
    ).toBe(true);
  });

  it('has a section for every command a person types, and every option of each', async () => {
    const program = await loadProgram();
    const text = readPage(PAGE);
    for (const { command, key } of commandsOf(program)) {
      if (command.commands.length > 0 && !command.options.length && command.registeredArguments.length === 0) continue; // a group
      expect(text, key).toContain(`### \`${key}\``);
    }
    for (const option of ['--home <dir>', '--confirm-at-terminal', '--move-credential-files', '--from-file <path>', '--forget-issuer']) {
      expect(text).toContain(`\`${option}\``);
    }
  });

  it('keeps the notes written for each command, and refuses notes for a command the program lacks', async () => {
    const program = await loadProgram();
    const withNote = renderReference(program, new Map([['servers add', 'A note of our own.']]));
    expect(withNote).toMatch(/### `servers add`[\s\S]*<!-- notes:servers add -->\nA note of our own.\n<!-- \/notes -->/);
    expect(() => renderReference(program, new Map([['servers frobnicate', 'x']]))).toThrow('notes for "servers frobnicate", which the program does not define');
  });
});
