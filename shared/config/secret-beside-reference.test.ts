import { describe, expect, it } from 'vitest';
import { secretBesideReference, secretsBesideReferences } from './secret-beside-reference';

describe('secretBesideReference: a secret in clear written beside a reference', () => {
  it('passes a reference alone', () => {
    expect(secretBesideReference('env', 'API_KEY', '${env:X}')).toBe(false);
    expect(secretBesideReference('header', 'Authorization', '${secret:x}')).toBe(false);
  });

  it('refuses a literal prefix glued to a reference under a credential name', () => {
    expect(secretBesideReference('env', 'API_KEY', 'sk-abc123${env:X}')).toBe(true);
    expect(secretBesideReference('env', 'DB_PASSWORD', 'hunter${secret:REST}')).toBe(true);
    expect(secretBesideReference('header', 'X-Api-Key', 'sk-abc123${secret:x}')).toBe(true);
    expect(secretBesideReference('header', 'Authorization', 'Bearer abc123${secret:x}')).toBe(true);
  });

  it('refuses a token beside a reference under any name', () => {
    expect(secretBesideReference('env', 'SETTINGS', '${env:X} ghp_abcdefghijklmnopqrstuvwxyz0123456789')).toBe(true);
  });

  it('passes a scheme or plain text beside a reference', () => {
    expect(secretBesideReference('header', 'Authorization', 'Bearer ${secret:x}')).toBe(false);
    expect(secretBesideReference('env', 'GITHUB_TOKEN', 'Bearer ${secret:x}')).toBe(false);
    expect(secretBesideReference('header', 'Cookie', 'session=${secret:S}; lang=en')).toBe(false);
    expect(secretBesideReference('env', 'NODE_OPTIONS', '--require ${env:HOME}/hook.js')).toBe(false);
  });

  it('passes a path built from references under a credential name', () => {
    expect(secretBesideReference('env', 'GOOGLE_APPLICATION_CREDENTIALS', '${env:HOME}/.config/gcloud/application_default_credentials.json')).toBe(false);
    expect(secretBesideReference('env', 'SSL_KEY', '${env:HOME}/certs/key.pem')).toBe(false);
    expect(secretBesideReference('env', 'SSL_KEY', '${env:XDG_CONFIG_HOME}${env:SUB}/key.pem')).toBe(false);
    expect(secretBesideReference('env', 'SSL_KEY', '${env:USERPROFILE}\\certs\\key.pem')).toBe(false);
    expect(secretBesideReference('env', 'SSH_KEY', '~/.ssh/${env:KEY_NAME}')).toBe(false);
    expect(secretBesideReference('env', 'SSH_KEY', './keys/${env:KEY_NAME}.pem')).toBe(false);
    expect(secretBesideReference('env', 'SSL_KEY', 'C:\\Users\\${env:USERNAME}\\key.pem')).toBe(false);
    expect(secretBesideReference('env', 'SSL_KEY', 'D:/certs/${env:HOST}.pem')).toBe(false);
    expect(secretBesideReference('env', 'SSL_KEY', '\\\\fileserver\\certs\\${env:HOST}.pem')).toBe(false);
  });

  it('refuses a path-like value that holds a token or does not start as a path', () => {
    expect(secretBesideReference('env', 'API_KEY', '${env:HOME}/ghp_abcdefghijklmnopqrstuvwxyz0123456789')).toBe(true);
    expect(secretBesideReference('env', 'API_KEY', 'sk-abc123${env:X}/key.pem')).toBe(true);
    expect(secretBesideReference('env', 'API_KEY', '/abc123${env:X}')).toBe(true);
    expect(secretBesideReference('env', 'API_KEY', 'key ${env:HOME}/x')).toBe(true);
  });

  it('passes a path or URL a secret reference starts, as one an env reference starts', () => {
    expect(secretBesideReference('env', 'API_KEY', '${secret:PART}/rest')).toBe(false);
    expect(secretBesideReference('env', 'SERVICE_TOKEN', '${secret:BASE_URL}/v1/oauth/token')).toBe(false);
    expect(secretBesideReference('env', 'SSL_KEY', '${secret:KEY_DIR}/client.pem')).toBe(false);
    expect(secretBesideReference('env', 'SSL_KEY', '${secretFile:CERTS}\\client.pem')).toBe(false);
    expect(secretBesideReference('env', 'API_KEY', '${secret:BASE}/users/${env:USER}/key.pem')).toBe(false);
    expect(secretBesideReference('env', 'API_TOKEN', '${secret:BASE}/token?format=json&v=2')).toBe(false);
  });

  it('refuses text after a secret reference that reads as the rest of a key', () => {
    // Glued, with no path's separator: the reference holds the start of one word.
    expect(secretBesideReference('env', 'API_KEY', '${secret:PART}rest')).toBe(true);
    // Base64 holds `/`: its tail after one, its `+` and `=` padding, or a random mixed-case word.
    expect(secretBesideReference('env', 'API_KEY', '${secret:PART}/abc+def==')).toBe(true);
    expect(secretBesideReference('env', 'API_KEY', '${secret:PART}/Zm9vYmFyYmF6cXV4eHl6MTIz')).toBe(true);
    expect(secretBesideReference('env', 'API_KEY', '${secret:BASE}/v1/Zm9vYmFyYmF6cXV4eHl6MTIz/x')).toBe(true);
    expect(secretBesideReference('env', 'API_KEY', '${secret:PART}/ghp_abcdefghijklmnopqrstuvwxyz0123456789')).toBe(true);
    // A query's secret: a secret's name, or a key's shape.
    expect(secretBesideReference('env', 'API_TOKEN', '${secret:BASE}/token?api_key=abc123')).toBe(true);
    expect(secretBesideReference('env', 'API_TOKEN', '${secret:BASE}/token?q=Zm9vYmFyYmF6cXV4eHl6MTIz')).toBe(true);
    // Text before the reference is no path it starts.
    expect(secretBesideReference('env', 'API_KEY', 'sk-ab${secret:PART}/rest')).toBe(true);
  });

  it('leaves values without our references to the literal detector', () => {
    expect(secretBesideReference('env', 'API_KEY', 'sk-abc123')).toBe(false);
    expect(secretBesideReference('env', 'API_KEY', 'abc${OTHER_CLIENT_VAR}')).toBe(false);
  });

  it('names the fields of an entry', () => {
    expect(secretsBesideReferences({ command: 'x', env: { API_KEY: 'sk-1${env:X}', LOG: 'debug' } })).toEqual([{ field: 'env.API_KEY', name: 'API_KEY', value: 'sk-1${env:X}' }]);
    expect(secretsBesideReferences({ type: 'http', url: 'https://example.com/', headers: { Authorization: 'Token ab${secret:x}' } }).map((f) => f.field)).toEqual(['headers.Authorization']);
  });
});
