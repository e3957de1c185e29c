import { describe, expect, it } from 'vitest';
import { parseConfigObject } from './parse';
import { findTokenPlaceholders, replaceTokenPlaceholders } from './stdio-credential';

const ISSUER = 'https://accounts.example.com';
const oauth = { type: 'oauth', issuer: ISSUER, clientId: 'app' };

function issuesOf(entry: Record<string, unknown>) {
  const result = parseConfigObject({ mcpServers: { mail: entry } }, 'mcp.json');
  return result.ok ? [] : result.issues.map((i) => ({ field: i.field, message: i.message }));
}

describe('stdio auth in mcp.json', () => {
  it('accepts oauth, device, client_credentials and api_key with a delivery', () => {
    expect(issuesOf({ command: 'mail', env: { TOKEN: '${token}' }, auth: { ...oauth, scopes: ['mail.read'], authorizationParams: { access_type: 'offline', prompt: 'consent' } } })).toEqual([]);
    expect(issuesOf({ command: 'mail', args: ['--token', '${token}'], auth: { type: 'device', authServerMetadataUrl: `${ISSUER}/.well-known/openid-configuration`, clientId: 'app' } })).toEqual([]);
    expect(issuesOf({ command: 'mail', credentialFile: { env: 'TOKEN_PATH', format: 'json' }, auth: { type: 'client_credentials', issuer: ISSUER, clientId: 'c', clientSecret: '${secret:S}' } })).toEqual([]);
    expect(issuesOf({ command: 'mail', env: { KEY: '${token}' }, auth: { type: 'api_key', key: '${secret:K}' } })).toEqual([]);
    expect(issuesOf({ command: 'mail', credentialFile: { env: 'GOOGLE_OAUTH_CREDENTIALS', format: 'google_authorized_user' }, auth: oauth })).toEqual([]);
  });

  it('refuses an auth block of an unknown shape, naming the field', () => {
    expect(issuesOf({ command: 'mail', env: { T: '${token}' }, auth: { type: 'saml' } })).toEqual([{ field: 'auth.type', message: expect.stringContaining("'oauth'") as string }]);
    expect(issuesOf({ command: 'mail', env: { T: '${token}' }, auth: { ...oauth, tokenUrl: 'https://x' } })).toEqual([{ field: 'auth.tokenUrl', message: 'unknown field' }]);
    // Header fields mean nothing to a program on this computer.
    expect(issuesOf({ command: 'mail', env: { T: '${token}' }, auth: { type: 'api_key', header: 'X-Key' } })).toEqual([{ field: 'auth.header', message: 'unknown field' }]);
  });

  it('needs the authorization server named', () => {
    expect(issuesOf({ command: 'mail', env: { T: '${token}' }, auth: { type: 'oauth', clientId: 'app' } })).toEqual([{ field: 'auth.issuer', message: expect.stringContaining('"issuer"') as string }]);
    expect(issuesOf({ command: 'mail', env: { T: '${token}' }, auth: { ...oauth, authServerMetadataUrl: `${ISSUER}/x` } })).toEqual([{ field: 'auth.authServerMetadataUrl', message: expect.any(String) as string }]);
  });

  it('refuses authorization parameters the flow sets itself', () => {
    expect(issuesOf({ command: 'mail', env: { T: '${token}' }, auth: { ...oauth, authorizationParams: { state: 'x' } } })).toEqual([{ field: 'auth.authorizationParams', message: expect.stringContaining('state') as string }]);
  });

  it('never leaves an auth block unused, nor a delivery without one', () => {
    expect(issuesOf({ command: 'mail', auth: oauth })).toEqual([{ field: 'auth', message: expect.stringContaining('${token}') as string }]);
    expect(issuesOf({ command: 'mail', env: { T: '${token}' } })).toEqual([{ field: 'env["T"]', message: expect.stringContaining('"auth"') as string }]);
    expect(issuesOf({ command: 'mail', credentialFile: { env: 'P', format: 'token' } })).toEqual([{ field: 'credentialFile', message: expect.stringContaining('"auth"') as string }]);
    // Another server's token needs no auth of its own.
    expect(issuesOf({ command: 'mail', env: { T: '${token:gmail}' } })).toEqual([]);
    expect(issuesOf({ command: 'mail', env: { T: '${token:bad name}' } })).toEqual([{ field: 'env["T"]', message: expect.stringContaining('does not name a server') as string }]);
  });

  it('checks the credential file fields', () => {
    expect(issuesOf({ command: 'mail', credentialFile: { env: 'NODE_OPTIONS', format: 'token' }, auth: oauth })).toEqual([{ field: 'credentialFile.env', message: expect.any(String) as string }]);
    expect(issuesOf({ command: 'mail', env: { P: 'x' }, credentialFile: { env: 'P', format: 'token' }, auth: oauth })).toEqual([{ field: 'credentialFile.env', message: expect.any(String) as string }]);
    expect(issuesOf({ command: 'mail', credentialFile: { env: 'P', format: 'google_authorized_user' }, auth: { type: 'api_key' } })).toEqual([{ field: 'credentialFile.format', message: expect.any(String) as string }]);
    expect(issuesOf({ command: 'mail', credentialFile: { env: 'P', format: 'xml' }, auth: oauth })).toEqual([{ field: 'credentialFile.format', message: expect.any(String) as string }]);
  });

  it('keeps a client secret out of mcp.json', () => {
    expect(issuesOf({ command: 'mail', env: { T: '${token}' }, auth: { ...oauth, clientSecret: 'plain' } })).toEqual([{ field: 'auth.clientSecret', message: expect.stringContaining('${secret:NAME}') as string }]);
  });
});

describe('token placeholders', () => {
  it('finds own and named ones, not escaped ones', () => {
    expect(findTokenPlaceholders('Bearer ${token} ${token:gh} $${token}')).toEqual([
      { server: undefined, text: '${token}' },
      { server: 'gh', text: '${token:gh}' },
    ]);
    expect(replaceTokenPlaceholders('a=${token};b=${token:gh};c=$${token}', (s) => (s === undefined ? 'OWN' : `T-${s}`))).toBe('a=OWN;b=T-gh;c=${token}');
  });
});
