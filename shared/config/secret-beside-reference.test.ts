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
    expect(secretBesideReference('env', 'SSL_KEY', '${env:XDG_CONFIG_HOME}/${env:SUB}/key.pem')).toBe(false);
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

  it('passes a path or URL a place-named secret reference starts, as one an env reference starts', () => {
    expect(secretBesideReference('env', 'SERVICE_TOKEN', '${secret:BASE_URL}/v1/oauth/token')).toBe(false);
    expect(secretBesideReference('env', 'SSL_KEY', '${secret:KEY_DIR}/client.pem')).toBe(false);
    expect(secretBesideReference('env', 'SSL_KEY', '${secretFile:CERTS}\\client.pem')).toBe(false);
    expect(secretBesideReference('env', 'API_KEY', '${secret:API_HOST}/users/${env:USER}/key.pem')).toBe(false);
    expect(secretBesideReference('env', 'API_TOKEN', '${secret:apiEndpoint}/token?format=json&v=2')).toBe(false);
    expect(secretBesideReference('env', 'API_TOKEN', '${env:API_BASE_URL}/v1/token')).toBe(false);
  });

  it('reads an env reference by its name as a secret one: an env variable holds a key as often', () => {
    for (const tail of ['rest', 'abc', 'x/y', 'hunter2']) {
      expect({ tail, refused: secretBesideReference('env', 'API_KEY', `\${env:PART}/${tail}`) }).toEqual({ tail, refused: true });
      expect({ tail, refused: secretBesideReference('env', 'DB_PASS', `\${env:X}\\${tail}`) }).toEqual({ tail, refused: true });
    }
    for (const home of ['HOME', 'USERPROFILE', 'APPDATA', 'LOCALAPPDATA', 'TMPDIR', 'PWD', 'XDG_CONFIG_HOME', 'XDG_RUNTIME_DIR', 'CERT_DIR']) {
      expect({ home, refused: secretBesideReference('env', 'SSL_KEY', `\${env:${home}}/certs/key.pem`) }).toEqual({ home, refused: false });
    }
  });

  it('refuses a path after a secret reference whose name holds no place: the reference may hold a key\'s start', () => {
    expect(secretBesideReference('env', 'API_KEY', '${secret:PART}/rest')).toBe(true);
    expect(secretBesideReference('env', 'API_KEY', '${secret:PREFIX}/a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6')).toBe(true);
    expect(secretBesideReference('env', 'API_KEY', '${secret:X}/wJalrXUtnFEMIK7MDENGbPxRfiCYEXAMPLEKEY')).toBe(true);
    expect(secretBesideReference('env', 'API_KEY', '${secret:X}/Zm9vYmFyYmF6cXV4cXV1eA')).toBe(true);
    expect(secretBesideReference('env', 'API_KEY', '${secret:X}/hunter2')).toBe(true);
    expect(secretBesideReference('env', 'API_KEY', '${secret:X}/db?pw=hunter2')).toBe(true);
    expect(secretBesideReference('env', 'API_KEY', '${secret:BASE_URL}${secret:PART}/rest')).toBe(true);
    expect(secretBesideReference('env', 'API_KEY', '${env:HOME}${secret:PART}/rest')).toBe(true);
    // Rails' SECRET_KEY_BASE is a key: BASE names no place.
    expect(secretBesideReference('env', 'API_KEY', '${secret:SECRET_KEY_BASE}/rest')).toBe(true);
  });

  it('refuses a key-shaped word or a secret parameter whatever the reference is named', () => {
    expect(secretBesideReference('env', 'API_KEY', '${secret:BASE_URL}/a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6')).toBe(true);
    expect(secretBesideReference('env', 'API_KEY', '${secret:BASE_URL}/wJalrXUtnFEMIK7MDENGbPxRfiCYEXAMPLEKEY')).toBe(true);
    expect(secretBesideReference('env', 'API_KEY', '${secret:BASE_URL}/Zm9vYmFyYmF6cXV4cXV1eA')).toBe(true);
    expect(secretBesideReference('env', 'API_KEY', '${secret:BASE_URL}/db?pw=hunter2')).toBe(true);
    expect(secretBesideReference('env', 'API_KEY', '${secret:BASE_URL}/db?x=a1b2c3d4e5f6a7b8c9d0')).toBe(true);
    expect(secretBesideReference('env', 'API_KEY', '${env:HOME}/a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6')).toBe(true);
    expect(secretBesideReference('env', 'API_KEY', '${env:PART}/Zm9vYmFyYmF6cXV4cXV1eA')).toBe(true);
    // A UUID, a numeric id and a model's name are a path's words.
    expect(secretBesideReference('env', 'API_KEY', '${secret:BASE_URL}/p/5c3f0e2a-1b7d-4e8f-9a6c-2d4b8e1f0a37/c/123456789012345678')).toBe(false);
    expect(secretBesideReference('env', 'API_KEY', '${env:HOME}/models/Qwen2.5-Coder-32B-Instruct/McpServerMain2024Edition')).toBe(false);
  });

  it('refuses text after a secret reference that reads as the rest of a key', () => {
    // Glued, with no path's separator: the reference holds the start of one word.
    expect(secretBesideReference('env', 'API_KEY', '${secret:PART}rest')).toBe(true);
    // Base64 holds `/`: its tail after one, its `+` and `=` padding, or a random mixed-case word.
    expect(secretBesideReference('env', 'API_KEY', '${secret:PART}/abc+def==')).toBe(true);
    expect(secretBesideReference('env', 'API_KEY', '${secret:PART}/Zm9vYmFyYmF6cXV4eHl6MTIz')).toBe(true);
    expect(secretBesideReference('env', 'API_KEY', '${secret:BASE_URL}/v1/Zm9vYmFyYmF6cXV4eHl6MTIz/x')).toBe(true);
    expect(secretBesideReference('env', 'API_KEY', '${secret:PART}/ghp_abcdefghijklmnopqrstuvwxyz0123456789')).toBe(true);
    // A query's secret: a secret's name, or a key's shape.
    expect(secretBesideReference('env', 'API_TOKEN', '${secret:BASE_URL}/token?api_key=abc123')).toBe(true);
    expect(secretBesideReference('env', 'API_TOKEN', '${secret:BASE_URL}/token?q=Zm9vYmFyYmF6cXV4eHl6MTIz')).toBe(true);
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
