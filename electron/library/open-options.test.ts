import { describe, expect, it } from 'vitest';
import { CodedError } from '../../shared/errors';
import { checkedOpenOptions } from './open-options';

function refusal(options: unknown): CodedError {
  try {
    checkedOpenOptions(options);
  } catch (error) {
    if (error instanceof CodedError) return error;
    throw error;
  }
  throw new Error('expected the options refused');
}

describe('checkedOpenOptions', () => {
  it('passes what the types allow, keeping the objects given', () => {
    const env = { CONNECTED_SERVICES_PASSPHRASE: 'p', UNSET: undefined };
    const options = { home: '/tmp/x', env, bridgePort: 0, confirmTimeoutMs: 5000, servers: {}, agents: {} };
    const checked = checkedOpenOptions(options);
    expect(checked).toBe(options);
    expect(checked.env).toBe(env);
    expect(checkedOpenOptions(undefined)).toEqual({});
  });

  it.each([
    [{ bridgePort: '47781' }, 'bridgePort'],
    [{ bridgePort: -1 }, 'bridgePort'],
    [{ bridgePort: 65536 }, 'bridgePort'],
    [{ bridgePort: 1.5 }, 'bridgePort'],
    [{ home: '' }, 'home: must name a folder'],
    [{ home: '   ' }, 'home: must name a folder'],
    [{ home: 123 }, 'home'],
    [{ confirmTimeoutMs: Number.NaN }, 'confirmTimeoutMs'],
    [{ confirmTimeoutMs: '100' }, 'confirmTimeoutMs'],
    [{ confirmTimeoutMs: -5 }, 'confirmTimeoutMs'],
    [{ agents: null }, 'agents'],
    [{ home: '/tmp/x/a\0b' }, 'home: must not contain a NUL character'],
    [{ servers: JSON.parse('{"ok":{},"__proto__":{"url":"http://127.0.0.1:9/"}}') as unknown }, 'servers: Invalid key in record: "__proto__"'],
    [{ agents: JSON.parse('{"__proto__":{}}') as unknown }, 'agents: Invalid key in record: "__proto__"'],
    [{ env: { A: 5 } }, 'env["A"]'],
    [{ bridgeport: 1 }, 'bridgeport'],
    [null, 'openConnectedServices'],
  ])('refuses %j naming %s, as invalid_input with the options in its hint', (options, named) => {
    const error = refusal(options);
    expect(error.code).toBe('invalid_input');
    expect(error.message).toContain(named);
    expect(error.hint).toContain('bridgePort');
  });
});
