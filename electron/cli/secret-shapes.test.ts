import { describe, expect, it } from 'vitest';
import { shellQuote } from '../pool';
import { secretArguments, secretInQuery, secretInUrlPath, secretNamed, tokenShaped } from '../../shared/config';
import { hideCommandSecrets } from './secret-shapes';

describe('tokenShaped', () => {
  it('a path whose folder mixes case at random (mkdtemp) is no token; a known prefix in a path is', () => {
    for (const path of ['/tmp/cs-secret-files-Qx7Rb2Lm9Nk4Zp/pid', './work/Ab3dE5gH7jK9mN1pQ/run', 'C:\\Temp\\cs-AbCdEf123456XyZw\\pid', '~/caches/XyZ0aB1cD2eF3gH4iJ5/k'])
      expect({ path, shaped: tokenShaped(path) }).toEqual({ path, shaped: false });
    expect(tokenShaped('~/sk-live-Zq8Xw3Rt7Yp2Lm9Nb4Vc6Kd1')).toBe(true);
    expect(tokenShaped('/keys/ghp_0123456789abcdefghijABCDEFGHIJ012345')).toBe(true);
  });

  it('outside a path a mixed-case token-shaped word still counts', () => {
    expect(tokenShaped('Zq8Xw3Rt7Yp2Lm9Nb4Vc6Kd1')).toBe(true);
    expect(secretArguments(['x.js', '/tmp/cs-Qx7Rb2Lm9Nk4ZpWq/out'])).toEqual([]);
  });
});

// Cases a hostile review found let through, or refused by mistake.
describe('what a hostile review found', () => {
  const hex = '3f9a1c7e5b2d4f6a8c0e1b3d5f7a9c2e4b6d8f0a1c3e5b7d';

  it('camelCase and auth flags name a credential; an auth flag naming a method does not', () => {
    expect(secretArguments(['--apiToken', hex])).toEqual([{ index: 1, flag: '--apiToken' }]);
    expect(secretArguments([`--clientSecret=${hex}`])).toEqual([{ index: 0, flag: '--clientSecret' }]);
    expect(secretArguments(['--auth', hex])).toEqual([{ index: 1, flag: '--auth' }]);
    expect(secretArguments(['--auth', 'oauth', '--authorization=basic'])).toEqual([]);
    expect(secretArguments(['--keyboard', 'dvorak', '--tokenizer', 'cl100k'])).toEqual([]);
  });

  it('text beside a reference in a secret flag is clear; a scheme beside one is not', () => {
    expect(secretArguments(['--token', '${secret:X}abcdef'])).toEqual([{ index: 1, flag: '--token' }]);
    expect(secretArguments(['--token', '${secret:X}', '--auth', 'Bearer ${secret:Y}'])).toEqual([]);
  });

  it('a credential word inside a variable name counts, unless the name says it is about one', () => {
    expect(secretNamed('SLACK_TOKEN_VALUE')).toBe(true);
    expect(secretNamed('DB_PASSWORD_RAW')).toBe(true);
    for (const name of ['TOKEN_URL', 'OAUTH_TOKEN_ENDPOINT', 'SECRET_NAME', 'PASSWORD_FILE', 'TOKEN_TTL', 'TOKENIZER_MODEL']) expect({ name, named: secretNamed(name) }).toEqual({ name, named: false });
  });

  it('a URL carries a secret in its fragment, its path parameters and its path', () => {
    expect(secretInQuery('https://mcp.example.com/mcp#access_token=abc123')).toBe('access_token');
    expect(secretInQuery(`https://mcp.example.com/mcp;token=${hex}`)).toBe('token');
    expect(secretInUrlPath('https://mcp.example.com/u/Zq8Xw3Rt7Yp2Lm9Nb4Vc6Kd1/mcp')).toBe(true);
    expect(secretInQuery('https://mcp.example.com/v1/mcp#section-2')).toBeUndefined();
    expect(secretInUrlPath('https://mcp.example.com/v1/McpServerMain2024Edition/mcp')).toBe(false);
  });

  it('names made of words are no tokens; random mixed case still is', () => {
    for (const word of ['Qwen2.5-Coder-32B-Instruct', 'Llama-3.3-70B-Instruct-Turbo', 'com.example.McpServerMain2024Edition', 'GitHubCopilotChat2025Preview'])
      expect({ word, shaped: tokenShaped(word) }).toEqual({ word, shaped: false });
    for (const word of ['xK9mQ2vLr8TzP4wNa7BcD3eF', 'AbCdEfGhIjKlMnOp12345678']) expect({ word, shaped: tokenShaped(word) }).toEqual({ word, shaped: true });
  });
});

describe('hideCommandSecrets', () => {
  const key = 'sk-proj-7Hq2LmX9pR4tVw8Zk3Nc';
  const line = (...args: string[]) => args.map(shellQuote).join(' ');

  it('replaces a quoted secret argument whole, its quotes kept balanced', () => {
    // One word holding the whole command (an mcp.json written by hand): the closing quote was lost.
    expect(hideCommandSecrets(line(`node server.js --api-key=${key}`))).toBe(`'node server.js --api-key=[redacted]'`);
    expect(hideCommandSecrets(line('node', `--api-key='${key}'`, 'x.js'))).toBe('node --api-key=[redacted] x.js');
    expect(hideCommandSecrets(line('node', '--api-key=hello world', 'x.js'))).toBe('node --api-key=[redacted] x.js');
    expect(hideCommandSecrets(line('node', "--password=it's-a-secret"))).toBe('node --password=[redacted]');
    expect(hideCommandSecrets(line('node', 'a b', '--token', `${key} x`))).toBe("node 'a b' --token [redacted]");
  });

  it('leaves everything else as written, a comment read as before', () => {
    const plain = `cd '/my dir' && NODE_OPTIONS='--a b' node 'x y.js' --port 8080  # auth {"type":"none"}`;
    expect(hideCommandSecrets(plain)).toBe(plain);
    expect(hideCommandSecrets(`node x.js  # credential --token ${key}`)).toBe('node x.js  # credential --token [redacted]');
    expect(hideCommandSecrets(line('node', 'https://u:pw@example.com/mcp'))).toBe('node https://u:%5Bredacted%5D@example.com/mcp');
  });
});
