import { describe, expect, it } from 'vitest';
import { namesAPlace, placeNamed } from './reference-led-path';

describe('placeNamed: a reference whose name says it holds a place', () => {
  it('reads the last word of a name in any case or spelling', () => {
    const places = ['BASE_URL', 'apiBaseUrl', 'API-BASE-URL-2', 'TOKEN_URI', 'apiEndpoint', 'DB_HOST', 'VAULT_ADDR', 'KEY_DIR', 'CERT_PATH', 'HOME', 'DATA_HOME', 'SHARE_FOLDER', 'CA_FILE', 'base_url'];
    expect(places.filter((name) => !placeNamed(name))).toEqual([]);
  });

  it('takes no key, prefix or base for a place', () => {
    const others = ['PART', 'PREFIX', 'X', 'API_KEY', 'SECRET_KEY_BASE', 'BASE', 'GHOST', 'PROFILE', 'URLKEY', 'URL_TOKEN'];
    expect(others.filter((name) => placeNamed(name))).toEqual([]);
  });
});

describe('namesAPlace', () => {
  it('keeps env references and secret files as places, as before', () => {
    expect(namesAPlace('${env:HOME}/.config/gcloud/key.json')).toBe(true);
    expect(namesAPlace('${env:USERPROFILE}\\certs\\key.pem')).toBe(true);
    expect(namesAPlace('${secretFile:CERTS}/client.pem')).toBe(true);
  });

  it('reads a secret reference as a place only by its name', () => {
    expect(namesAPlace('${secret:BASE_URL}/v1/mcp?format=json')).toBe(true);
    expect(namesAPlace('${secret:PREFIX}/v1/mcp')).toBe(false);
  });

  it('refuses a key-shaped word under any name', () => {
    for (const tail of ['a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6', 'Zm9vYmFyYmF6cXV4cXV1eA', 'wJalrXUtnFEMIK7MDENGbPxRfiCYEXAMPLEKEY', 'db?pw=hunter2', 'db?token=abc']) {
      expect({ tail, place: namesAPlace(`\${secret:BASE_URL}/${tail}`) }).toEqual({ tail, place: false });
    }
  });
});
