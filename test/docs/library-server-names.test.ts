import { describe, expect, it } from 'vitest';
import { separatorInCode } from '../../electron/registry/code-servers';
import { readPage } from './markdown';

const PAGE = 'docs/library.md';

/** The page quotes the refusal of a name declared in code holding `__` or ending in `_` as the code words it. */
describe('names of servers declared in code, as docs/library.md describes them', () => {
  it('quotes the refusal and the suggested names as the code gives them', () => {
    const page = readPage(PAGE).replace(/\s+/g, ' ');
    const message = separatorInCode('team_', []).message;
    expect(page, `${PAGE} no longer quotes the refusal of "team_"`).toContain(`\`${message}\``);
    expect(page).toContain(`(\`${separatorInCode('team_', []).data?.['suggestion'] as string}\`, or \`${separatorInCode('team_', ['team']).data?.['suggestion'] as string}\` when \`team\` is taken)`);
  });
});
