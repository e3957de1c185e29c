import { describe, expect, it } from 'vitest';
import { parseCommandLine } from './command-argv';

describe('parseCommandLine', () => {
  it.each([
    ['firefox', ['firefox']],
    ['  firefox   --new-window  ', ['firefox', '--new-window']],
    ['"/opt/My Browser/browser" --flag', ['/opt/My Browser/browser', '--flag']],
    ["open -a 'Google Chrome'", ['open', '-a', 'Google Chrome']],
    ['say "a \\"quoted\\" word"', ['say', 'a "quoted" word']],
    ['a\\ b c', ['a b', 'c']],
    ['echo $(id) `id` ; | &', ['echo', '$(id)', '`id`', ';', '|', '&']],
    ["x ''", ['x', '']],
  ])('%s', (input, argv) => {
    expect(parseCommandLine(input)).toEqual(argv);
  });

  it.each(['', '   ', '"unclosed', "'unclosed", 'trailing\\'])('refuses %j', (input) => {
    expect(() => parseCommandLine(input)).toThrow(/--open-with/);
  });
});
