import { describe, expect, it } from 'vitest';
import { isCodedError } from '../errors';
import { Redactor } from '../redact';
import { findReferences, resolveReferences } from './references';

const secrets: Record<string, string> = { GITHUB_TOKEN: 'ghp_resolved-secret-1', 'api.key': 'dotted-secret-22' };
const resolvers = (env: Record<string, string | undefined> = {}) => ({
  secret: (name: string) => Promise.resolve(secrets[name]),
  env,
  redactor: new Redactor(),
});

async function failure(value: string, env: Record<string, string | undefined> = {}) {
  const error: unknown = await resolveReferences(value, resolvers(env)).catch((e: unknown) => e);
  if (!isCodedError(error)) throw new Error(`expected a CodedError for ${value}`);
  return error;
}

describe('resolveReferences', () => {
  it('replaces secret and env references, once, leaving other ${…} forms alone', async () => {
    const out = await resolveReferences('Bearer ${secret:GITHUB_TOKEN} at ${env:HOST}/${workspaceFolder} ${X:-y}', resolvers({ HOST: 'h.test' }));
    expect(out).toBe('Bearer ghp_resolved-secret-1 at h.test/${workspaceFolder} ${X:-y}');
    expect(await resolveReferences('${secret:api.key}${secret:api.key}', resolvers())).toBe('dotted-secret-22dotted-secret-22');
  });

  it('does not resolve references inside resolved values', async () => {
    const out = await resolveReferences('${env:A}', resolvers({ A: '${secret:GITHUB_TOKEN}' }));
    expect(out).toBe('${secret:GITHUB_TOKEN}');
  });

  it('keeps $${…} as a literal ${…}', async () => {
    expect(await resolveReferences('$${secret:GITHUB_TOKEN} ${env:A}', resolvers({ A: 'a' }))).toBe('${secret:GITHUB_TOKEN} a');
    expect(await resolveReferences('cost $${env:A}', resolvers())).toBe('cost ${env:A}');
    expect(await resolveReferences('plain $5 and $$', resolvers())).toBe('plain $5 and $$');
  });

  it('names the reference in invalid_config errors for unknown, unset and malformed references', async () => {
    const missing = await failure('x ${secret:NOPE}');
    expect(missing.code).toBe('invalid_config');
    expect(missing.message).toContain('${secret:NOPE}');
    expect(missing.hint).toContain('connected-services secrets set NOPE');
    expect(missing.data).toEqual({ reference: '${secret:NOPE}' });

    const unset = await failure('${env:NOT_SET}');
    expect(unset.message).toContain('${env:NOT_SET}');
    expect(unset.hint).toContain('NOT_SET');

    expect((await failure('${secret:bad name}')).message).toContain('${secret:bad name}');
    expect((await failure('${env:1X}')).code).toBe('invalid_config');
    expect((await failure('${secret:OPEN')).message).toContain('no closing');
  });

  it('never puts a resolved value in an error', async () => {
    const error = await failure('${secret:GITHUB_TOKEN} ${env:MISSING}');
    expect(JSON.stringify(error.toWire())).not.toContain('ghp_resolved-secret-1');
  });

  it('registers resolved values with the redactor', async () => {
    const redactor = new Redactor();
    await resolveReferences('${secret:GITHUB_TOKEN}', { ...resolvers(), redactor });
    expect(redactor.redact('ghp_resolved-secret-1')).toBe('[redacted]');
  });

  it('says where a resolved value came from: an environment variable (a vault secret is named by the vault that read it)', async () => {
    const redactor = new Redactor();
    await resolveReferences('${secret:GITHUB_TOKEN} ${env:HOME_TOKEN}', { ...resolvers({ HOME_TOKEN: 'env-token-value-1234' }), redactor });
    expect(redactor.knownIn(['env-token-value-1234'])).toEqual({ source: { from: 'env', name: 'HOME_TOKEN' }, former: false });
    expect(redactor.knownIn(['ghp_resolved-secret-1'])).toEqual({ source: undefined, former: false });
  });
});

describe('${secretFile:NAME}', () => {
  it('is replaced by the path the file writer gives, and refused where no program reads files', async () => {
    const written: string[] = [];
    const secretFile = (name: string) => {
      written.push(name);
      return Promise.resolve(secrets[name] === undefined ? undefined : `/run/cs/svc.${name}`);
    };
    expect(await resolveReferences('--key=${secretFile:GITHUB_TOKEN}', { ...resolvers(), secretFile })).toBe('--key=/run/cs/svc.GITHUB_TOKEN');
    expect(written).toEqual(['GITHUB_TOKEN']);
    expect(await resolveReferences('$${secretFile:X}', { ...resolvers(), secretFile })).toBe('${secretFile:X}');

    const http = await failure('${secretFile:GITHUB_TOKEN}');
    expect(http.message).toContain('only a program on this computer');
    expect(http.hint).toContain('${secret:GITHUB_TOKEN}');
    const missing: unknown = await resolveReferences('${secretFile:NOPE}', { ...resolvers(), secretFile }).catch((e: unknown) => e);
    expect(missing).toMatchObject({ code: 'invalid_config' });
    expect((missing as { hint?: string }).hint).toContain('secrets set NOPE');
    const bad: unknown = await resolveReferences('${secretFile:a/b}', { ...resolvers(), secretFile }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ code: 'invalid_config' });
    expect(findReferences('${secretFile:K}')).toEqual([{ kind: 'secretFile', name: 'K', text: '${secretFile:K}' }]);
  });
});

describe('findReferences', () => {
  it('lists references in order, skipping escaped ones', () => {
    expect(findReferences('${env:A}-$${secret:B}-${secret:C}')).toEqual([
      { kind: 'env', name: 'A', text: '${env:A}' },
      { kind: 'secret', name: 'C', text: '${secret:C}' },
    ]);
  });
});

describe('resolveReferences: what ${env:…} may not reach', () => {
  it('refuses the product\'s own variables (the vault passphrase, passwords, tokens), in any case', async () => {
    for (const name of ['CONNECTED_SERVICES_PASSPHRASE', 'CONNECTED_SERVICES_KEEPASSXC_PASSWORD', 'CONNECTED_SERVICES_TOKEN', 'connected_services_passphrase']) {
      const error = await failure(`Bearer \${env:${name}}`, { [name]: 'the-vault-passphrase' });
      expect(error.code).toBe('invalid_config');
      expect(error.message).toContain("names one of Connected Services' own variables");
      expect(error.message).not.toContain('the-vault-passphrase');
      expect(error.hint).toContain('${secret:NAME}');
    }
  });

  it('gives each own variable a fitting hint: the data folder is written as its path, the passphrase kept in the vault', async () => {
    const home = await failure('${env:CONNECTED_SERVICES_HOME}/cache', { CONNECTED_SERVICES_HOME: '/home/me/cs' });
    expect(home.message).toContain("names Connected Services' own variable for its data folder");
    expect(home.hint).toBe("Use the folder's path itself instead (for example /home/me/.config/connected-services).");
    const passphrase = await failure('${env:CONNECTED_SERVICES_PASSPHRASE}', { CONNECTED_SERVICES_PASSPHRASE: 'p' });
    expect(passphrase.hint).toContain('write ${secret:NAME}');
    const other = await failure('${env:CONNECTED_SERVICES_REGISTRY_REFRESH}', { CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' });
    expect(other.message).not.toContain('passphrase');
    expect(other.hint).toContain('Write the value the server needs itself');
  });

  it('refuses the variable a KeePassXC store reads its password from, in any case, saying so', async () => {
    for (const name of ['KP_PASSWORD', 'kp_password']) {
      const error: unknown = await resolveReferences(`\${env:${name}}`, { ...resolvers({ [name]: 'the-kdbx-password' }), kept: ['KP_PASSWORD'] }).catch((e: unknown) => e);
      if (!isCodedError(error)) throw new Error('expected a CodedError');
      expect(error.code).toBe('invalid_config');
      expect(error.message).toBe(`The reference \${env:${name}} names the variable a KeePassXC store reads its database password from (passwordEnv in settings.secretStores), which is never handed to a server.`);
      expect(error.hint).toContain('${secret:NAME}');
    }
    expect(await resolveReferences('${env:OTHER}', { ...resolvers({ OTHER: 'o' }), kept: ['KP_PASSWORD'] })).toBe('o');
  });

  it('reads only the environment\'s own keys: ${env:constructor} is unset, not Object.prototype\'s function', async () => {
    for (const name of ['constructor', 'toString', 'hasOwnProperty']) {
      const error = await failure(`\${env:${name}}`, {});
      expect(error.message).toContain('names an environment variable that is not set');
    }
  });
});
