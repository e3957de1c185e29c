import { describe, expect, it } from 'vitest';
import { ulidRecordId, ulidTime } from './ulid-ids';

const NOW = Date.UTC(2026, 11, 1);

describe('a ULID that names a record', () => {
  it('reads its time from its first 10 characters', () => {
    expect(ulidTime('01ARYZ6S41TSV4RRFFQ69G5FAV')).toBe(1469918176385);
    expect(new Date(ulidTime('01HZX3K9Q7T2M8N4P6R5S1V0WY')).getUTCFullYear()).toBe(2024);
  });

  it('has a time between 2016 and a year past now', () => {
    const at = (ms: number) => `proj_${encode(ms)}T2M8N4P6R5S1V0WY`;
    expect(ulidRecordId(at(Date.UTC(2016, 0, 1)), 'projects', NOW)).toBe(true);
    expect(ulidRecordId(at(Date.UTC(2015, 11, 31)), 'projects', NOW)).toBe(false);
    expect(ulidRecordId(at(NOW + 300 * 86_400_000), 'projects', NOW)).toBe(true);
    expect(ulidRecordId(at(NOW + 400 * 86_400_000), 'projects', NOW)).toBe(false);
  });

  it('is bare only under a collection that names no credential', () => {
    const ulid = '01HZX3K9Q7T2M8N4P6R5S1V0WY';
    for (const before of ['projects', 'runs', 'workspaces']) expect({ before, id: ulidRecordId(ulid, before, NOW) }).toEqual({ before, id: true });
    for (const before of [undefined, '', 'u', 's', 'k', 't', 'c', 'x', 'ss', 'tokens', 'keys', 'secrets', 'sessions', 'Projects']) {
      expect({ before, id: ulidRecordId(ulid, before, NOW) }).toEqual({ before, id: false });
    }
  });

  it('follows no word that names a credential', () => {
    const words = ['token', 'secret', 'apikey', 'key', 'pat', 'live', 'test', 'sess', 'session', 'whsec', 'bearer', 'auth', 'cred', 'creds', 'pass', 'pw', 'sig', 'api', 'accesstoken', 'clientsecret'];
    for (const word of words) expect({ word, id: ulidRecordId(`${word}_01HZX3K9Q7T2M8N4P6R5S1V0WY`, 'projects', NOW) }).toEqual({ word, id: false });
    for (const word of ['proj', 'run', 'ws', 'org', 'evt', 'cus', 'inv', 'product', 'device', 'section', 'signup']) expect({ word, id: ulidRecordId(`${word}-01HZX3K9Q7T2M8N4P6R5S1V0WY`, 'u', NOW) }).toEqual({ word, id: true });
  });

  it('follows no word of a token kind, a sign-in, a signature or an environment', () => {
    const words = ['access', 'at', 'rt', 'ak', 'jwt', 'otp', 'hmac', 'csrf', 'nonce', 'sid', 'refresh', 'oauth', 'client', 'sign', 'sec', 'prod', 'dev', 'sandbox', 'refreshtok', 'oauthid'];
    for (const word of words) {
      for (const sep of ['_', '-']) expect({ word, id: ulidRecordId(`${word}${sep}01HZX3K9Q7T2M8N4P6R5S1V0WY`, 'projects', NOW) }).toEqual({ word, id: false });
    }
  });

  it('is bare under no collection whose member is itself the credential', () => {
    const ulid = '01HZX3K9Q7T2M8N4P6R5S1V0WY';
    const refused = ['access', 'hooks', 'webhooks', 'invites', 'shares', 'links', 'grants', 'codes', 'tickets', 'signatures', 'nonces', 'jwts'];
    for (const before of refused) expect({ before, id: ulidRecordId(ulid, before, NOW) }).toEqual({ before, id: false });
    for (const before of ['clients', 'sandboxes', 'products', 'devices', 'sections']) expect({ before, id: ulidRecordId(ulid, before, NOW) }).toEqual({ before, id: true });
  });

  it('follows no word that names a thing whose ID is itself the credential', () => {
    const words = ['hook', 'webhook', 'invite', 'share', 'link', 'grant', 'code', 'ticket', 'signature', 'sig', 'hooks', 'invites'];
    for (const word of words) {
      for (const sep of ['_', '-']) expect({ word, id: ulidRecordId(`${word}${sep}01HZX3K9Q7T2M8N4P6R5S1V0WY`, 'projects', NOW) }).toEqual({ word, id: false });
    }
    // As the end of a longer word too: a magic link's or an invite code's ID is as much the credential.
    for (const word of ['magiclink', 'sharelink', 'invitecode', 'invitecodes', 'githubhook', 'bugticket', 'accessgrant', 'sharelinks']) {
      expect({ word, id: ulidRecordId(`${word}_01HZX3K9Q7T2M8N4P6R5S1V0WY`, 'u', NOW) }).toEqual({ word, id: false });
    }
    for (const before of ['magiclinks', 'invitecodes', 'sharelinks']) expect({ before, id: ulidRecordId('01HZX3K9Q7T2M8N4P6R5S1V0WY', before, NOW) }).toEqual({ before, id: false });
    // Ordinary prefixes that merely begin with one, or hold one inside, still name a record.
    for (const word of ['proj', 'run', 'inv', 'shard', 'linkage', 'hooked', 'codebase', 'shareholder', 'linked']) expect({ word, id: ulidRecordId(`${word}_01HZX3K9Q7T2M8N4P6R5S1V0WY`, 'u', NOW) }).toEqual({ word, id: true });
    expect(ulidRecordId('01HZX3K9Q7T2M8N4P6R5S1V0WY', 'projects', NOW)).toBe(true);
  });

  it('takes no word ending in "ss" for a collection', () => {
    const ulid = '01HZX3K9Q7T2M8N4P6R5S1V0WY';
    for (const before of ['address', 'process', 'class', 'boss']) expect({ before, id: ulidRecordId(ulid, before, NOW) }).toEqual({ before, id: false });
    for (const before of ['ids', 'addresses', 'classes']) expect({ before, id: ulidRecordId(ulid, before, NOW) }).toEqual({ before, id: true });
  });
});

/** A time's 10 characters of Crockford's base32. */
function encode(ms: number): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  let text = '';
  for (let rest = ms, i = 0; i < 10; i++, rest = Math.floor(rest / 32)) text = alphabet[rest % 32] + text;
  return text;
}
