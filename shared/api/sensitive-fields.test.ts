import { describe, expect, it } from 'vitest';
import { sensitiveFields } from './ask-views';

const form = (properties: Record<string, Record<string, unknown>>) => ({ type: 'object', properties });

describe('sensitiveFields', () => {
  it('finds fields that evade a plain "password" check: look-alikes, other languages, codes, keys, descriptions', () => {
    const schema = form({
      'P\u0430ssword': { type: 'string' },
      Passwort: { type: 'string' },
      clave: { type: 'string', title: 'Contraseña' },
      pwd: { type: 'string' },
      code: { type: 'string', title: 'One-time code' },
      totp: { type: 'string' },
      phrase: { type: 'string', title: 'Recovery phrase' },
      aws_access_key_id: { type: 'string' },
      note: { type: 'string', description: 'Paste your GitHub token here' },
      hidden: { type: 'string', format: 'password' },
      username: { type: 'string' },
      city: { type: 'string', description: 'Where you live' },
      max_tokens: { type: 'integer' },
    });
    expect(sensitiveFields(schema)).toEqual(['P\u0430ssword', 'Passwort', 'clave', 'pwd', 'code', 'totp', 'phrase', 'aws_access_key_id', 'note', 'hidden']);
  });
});
