import { describe, expect, it } from 'vitest';
import { port } from './serve';

describe('port', () => {
  it('takes up to five decimal digits from 0 to 65535', () => {
    expect(port('0', '--port')).toBe(0);
    expect(port('8080', '--port')).toBe(8080);
    expect(port('65535', '--bridge-port')).toBe(65_535);
  });

  it.each(['', ' 80', '80 ', '1e3', '0x50', '+80', '8.0', '65536', '000080', 'abc'])('refuses %j in the option\'s own words', (value) => {
    expect(() => port(value, '--bridge-port')).toThrow(`A port is a whole number from 0 to 65535, not "${value}"`);
  });
});
