import { describe, expect, it } from 'vitest';
import type { SplitCommandLine } from '../../../shared/config';
import { refuseLeadingAssignments } from './leading-assignments';

const corrected = (split: SplitCommandLine): string[] => ['add', ...Object.entries(split.env).map(([k, v]) => `--env ${k}=${v}`), '--', split.command, ...split.args];

describe('a NAME=value word first after --', () => {
  it('is refused with each setting as --env and the program after --', () => {
    expect(() => refuseLeadingAssignments('s', ['NAME=short', 'npx', 'x'], corrected)).toThrow(
      expect.objectContaining({ code: 'invalid_input', message: expect.stringMatching(/^The command after -- starts with NAME=short: a command runs without a shell/) as unknown, hint: 'Give the variable with --env: `add --env NAME=short -- npx x`' }),
    );
    expect(() => refuseLeadingAssignments('s', ['A=1', '_B=', 'node', 'C=3'], corrected)).toThrow(expect.objectContaining({ hint: 'Give the variables with --env: `add --env A=1 --env _B= -- node C=3`' }));
    expect(() => refuseLeadingAssignments('s', ['NAME=short'], corrected)).toThrow(expect.objectContaining({ hint: 'Give the variable with --env NAME=short and the program after --' }));
  });

  it('a secret in clear among the settings gets the vault refusal first, never an --env line with its value', () => {
    const token = 'ghp_' + 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8';
    let thrown: unknown;
    try {
      refuseLeadingAssignments('s', [`GITHUB_TOKEN=${token}`, 'npx', 'x'], corrected);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ code: 'invalid_input' });
    const said = JSON.stringify(thrown, Object.getOwnPropertyNames(thrown));
    expect(said).toContain('secret');
    expect(said).not.toContain('--env: `');
    expect(said).not.toContain(token);
  });

  it('lets a program and arguments that only hold = pass', () => {
    for (const words of [['npx', 'NAME=short'], ['env', 'A=1', 'node'], ['./a=b'], ['1A=x'], ['--opt=1']]) expect(() => refuseLeadingAssignments('s', words, corrected), words.join(' ')).not.toThrow();
  });
});
