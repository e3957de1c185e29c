import { describe, expect, it } from 'vitest';
import { CodedError } from '../../shared/errors';
import { checkedOpenOptions, readThrough } from './open-options';

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
    expect(checked).toEqual(options);
    expect(checked.env).toBe(env);
    expect(checkedOpenOptions(undefined)).toEqual({});
    // A `~` that is part of a name, not a shell's home, is a folder like any other.
    for (const home of ['/tmp/~x', 'data~1', '~x']) expect(checkedOpenOptions({ home }).home).toBe(home);
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
    [{ home: '~' }, 'home: starts with "~", which only a shell expands'],
    [{ home: '~/.config/cs' }, 'home: starts with "~", which only a shell expands'],
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

  // A getter's own error may quote what it guards: the option is named, its text never shown.
  const SECRET = 'sk-live-never-shown-0123456789';
  const throwing = (): never => {
    throw new Error(`vault read failed for ${SECRET}`);
  };
  it.each([
    ['a top-level getter', () => Object.defineProperty({ home: '/tmp/x' }, 'env', { enumerable: true, get: throwing }), 'the option "env"'],
    ['a getter inside env', () => ({ env: Object.defineProperty({}, 'TOKEN', { enumerable: true, get: throwing }) }), 'the option "env"'],
    ['a proxy whose keys throw', () => new Proxy({}, { ownKeys: throwing }), 'the options object'],
  ])('refuses %s as invalid_input naming %s, never the getter\'s text', (_case, make, named) => {
    const error = refusal(make());
    expect(error.code).toBe('invalid_input');
    expect(error.message).toBe(`openConnectedServices: ${named} could not be read (reading it threw)`);
    expect(`${error.message} ${error.hint ?? ''}`).not.toContain(SECRET);
    expect(error.cause).toBeUndefined();
  });

  it('reads each option once, so a getter is not asked again after the check', () => {
    let reads = 0;
    const options = Object.defineProperty({}, 'home', {
      enumerable: true,
      get: () => {
        reads += 1;
        return '/tmp/x';
      },
    });
    const checked = checkedOpenOptions(options);
    expect(checked.home).toBe('/tmp/x');
    expect(reads).toBe(1);
  });

  it('reads inherited options too: a class instance with getters, or Object.create(defaults)', () => {
    class Options {
      get home(): string {
        return '/tmp/from-getter';
      }
    }
    expect(checkedOpenOptions(new Options()).home).toBe('/tmp/from-getter');
    const made = Object.create({ home: '/tmp/defaults', bridgePort: 0 }) as object;
    expect(checkedOpenOptions(made)).toMatchObject({ home: '/tmp/defaults', bridgePort: 0 });
  });

  it("names servers or agents when their own check reads a getter that throws, and lets a coded refusal through", () => {
    const thrown = (() => {
      try {
        readThrough('servers', throwing);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(thrown).toBeInstanceOf(CodedError);
    expect(thrown).toMatchObject({ code: 'invalid_input', message: 'openConnectedServices: the option "servers" could not be read (reading it threw)' });
    const coded = new CodedError('invalid_input', 'servers.h.type: Invalid input');
    expect(() =>
      readThrough('agents', () => {
        throw coded;
      }),
    ).toThrow(coded);
    expect(readThrough('agents', () => 5)).toBe(5);
  });
});
