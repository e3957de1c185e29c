import { describe, expect, it } from 'vitest';
import { API_METHODS } from './contract';

describe('installRegistryEntry\'s input', () => {
  it('keeps an input named `__proto__` (an entry may name one so) as an own input', () => {
    const payload: unknown = JSON.parse('{"registry":"official","name":"io.example/demo","server":"demo","version":"1.0.0","choice":{"remote":0},"label":"remote https://demo.example/mcp","digest":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","inputs":{"__proto__":"acme","tenant":"t"}}');
    const parsed = API_METHODS.installRegistryEntry.input.parse(payload);
    expect(Object.keys(parsed.inputs)).toEqual(['__proto__', 'tenant']);
    expect(Object.getOwnPropertyDescriptor(parsed.inputs, '__proto__')?.value).toBe('acme');
  });

  it('still bounds the inputs\' keys and values', () => {
    const payload = { registry: 'official', name: 'io.example/demo', server: 'demo', version: '1.0.0', choice: { remote: 0 }, label: 'remote https://demo.example/mcp', digest: 'a'.repeat(64), inputs: { '': 'x' } };
    expect(API_METHODS.installRegistryEntry.input.safeParse(payload).success).toBe(false);
  });

  it('takes the version, the package or remote shown and its digest: without them it is refused', () => {
    const payload = { registry: 'official', name: 'io.example/demo', server: 'demo', version: '1.0.0', choice: { remote: 0 }, label: 'remote https://demo.example/mcp', digest: 'a'.repeat(64), inputs: {} };
    expect(API_METHODS.installRegistryEntry.input.safeParse(payload).success).toBe(true);
    const { version: _version, ...noVersion } = payload;
    const { label: _label, ...noLabel } = payload;
    const { digest: _digest, ...noDigest } = payload;
    expect(API_METHODS.installRegistryEntry.input.safeParse(noVersion).success).toBe(false);
    expect(API_METHODS.installRegistryEntry.input.safeParse(noLabel).success).toBe(false);
    expect(API_METHODS.installRegistryEntry.input.safeParse(noDigest).success).toBe(false);
    expect(API_METHODS.installRegistryEntry.input.safeParse({ ...payload, digest: 'not-a-digest' }).success).toBe(false);
  });
});
