import { describe, expect, it } from 'vitest';
import type { SplitCommandLine } from '../../../shared/config';
import { refuseLeadingAssignments } from './leading-assignments';

const corrected = (split: SplitCommandLine): string[] => ['add', ...Object.entries(split.env).map(([k, v]) => `--env ${k}=${v}`), '--', split.command, ...split.args];

describe('a NAME=value word first after --', () => {
  it('is refused with each setting as --env and the program after --', () => {
    expect(() => refuseLeadingAssignments(['NAME=short', 'npx', 'x'], corrected)).toThrow(
      expect.objectContaining({ code: 'invalid_input', message: expect.stringMatching(/^The command after -- starts with NAME=short: a command runs without a shell/) as unknown, hint: 'Give the variable with --env: `add --env NAME=short -- npx x`' }),
    );
    expect(() => refuseLeadingAssignments(['A=1', '_B=', 'node', 'C=3'], corrected)).toThrow(expect.objectContaining({ hint: 'Give the variables with --env: `add --env A=1 --env _B= -- node C=3`' }));
    expect(() => refuseLeadingAssignments(['NAME=short'], corrected)).toThrow(expect.objectContaining({ hint: 'Give the variable with --env NAME=short and the program after --' }));
  });

  it('lets a program and arguments that only hold = pass', () => {
    for (const words of [['npx', 'NAME=short'], ['env', 'A=1', 'node'], ['./a=b'], ['1A=x'], ['--opt=1']]) expect(() => refuseLeadingAssignments(words, corrected), words.join(' ')).not.toThrow();
  });
});
