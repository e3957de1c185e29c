import { describe, expect, it } from 'vitest';
import { argumentSecretsWarning, secretsInArguments } from './argument-secrets';

describe('secretsInArguments', () => {
  it('finds vault, store and token references in a stdio entry\'s args, once each; env, files and http entries are not the command line', () => {
    expect(
      secretsInArguments({
        command: 'node',
        args: ['x.js', '--api-key', '${secret:KEY}', '--other=${secret:pass:work/k}', '${token}', '${token:gh}', '${secret:KEY}', '${env:HOME}', '${secretFile:CERT}', '$${token}'],
        env: { T: '${secret:IN_ENV}' },
      }),
    ).toEqual(['${secret:KEY}', '${secret:pass:work/k}', '${token}', '${token:gh}']);
    expect(secretsInArguments({ command: 'node', args: ['x.js'], env: { T: '${secret:IN_ENV}' } })).toEqual([]);
    expect(secretsInArguments({ type: 'http', url: 'https://example.com/mcp', headers: { Authorization: 'Bearer ${secret:K}' } })).toEqual([]);
  });

  it('says who can read them and where to put them instead', () => {
    expect(argumentSecretsWarning(['${secret:KEY}'])).toBe(
      '${secret:KEY} goes into the program\'s command line, which every account on this computer can read (ps): pass it in "env" if the program reads it there, or as a file path with ${secretFile:NAME}',
    );
    expect(argumentSecretsWarning(['${secret:A}', '${token}'])).toContain('go into the program');
  });
});
