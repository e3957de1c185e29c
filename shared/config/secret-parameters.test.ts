import { describe, expect, it } from 'vitest';
import { findLiteralSecrets, secretInUrl } from './literal-secrets';
import { namesAPlace } from './reference-led-path';
import { secretInQuery, secretParameterNamed } from './secret-shapes';

describe('a password\'s short query names, alike in every check of a URL\'s parameters', () => {
  const NAMES = ['pw', 'PW', 'pwd', 'pass', 'passwd', 'password', 'apikey', 'sig'];

  it('calls each a secret in a URL, in a path a reference starts, and in what import moves', () => {
    for (const name of NAMES) {
      expect({ name, named: secretParameterNamed(name) }).toEqual({ name, named: true });
      expect({ name, found: secretInQuery(`https://db.example.com/x?user=me&${name}=hunter2`) }).toEqual({ name, found: name });
      expect({ name, place: namesAPlace(`\${secret:BASE_URL}/db?${name}=hunter2`) }).toEqual({ name, place: false });
      expect({ name, url: secretInUrl({ type: 'http', url: `https://db.example.com/mcp?${name}=hunter2` }) }).toEqual({ name, url: `its parameter ${name}` });
      expect(findLiteralSecrets('s', { type: 'http', url: `https://db.example.com/mcp?${name}=hunter2` }).map((found) => found.field)).toEqual([`url.${name}`]);
    }
  });

  it('leaves names that hold no password alone', () => {
    for (const name of ['page', 'pwa', 'passage', 'compass', 'bypass_cache', 'user']) {
      expect({ name, found: secretInQuery(`https://db.example.com/x?${name}=on`) }).toEqual({ name, found: undefined });
      expect({ name, place: namesAPlace(`\${secret:BASE_URL}/db?${name}=on`) }).toEqual({ name, place: true });
    }
  });
});
