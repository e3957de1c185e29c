import { describe, expect, it } from 'vitest';
import { looksSecret, type FieldWords } from './secret-looking';

const SECRET: [string, FieldWords][] = [
  ['plain password', { name: 'password' }],
  ['Cyrillic а in Password', { name: 'P\u0430ssword' }],
  ['Cyrillic о in token, in the title', { name: 'value', title: 't\u043Eken' }],
  ['Greek capitals', { name: '\u03A1\u0391SSWORD' }],
  ['fullwidth letters', { name: 'ｐａｓｓｗｏｒｄ' }],
  ['zero-width space inside', { name: 'pass\u200Bword' }],
  ['letters apart', { name: 'p_a_s_s_w_o_r_d' }],
  ['German', { name: 'Passwort' }],
  ['German, other word', { title: 'Kennwort' }],
  ['Spanish', { name: 'contraseña' }],
  ['French', { title: 'Mot de passe' }],
  ['Russian', { title: 'Пароль' }],
  ['Portuguese', { name: 'senha' }],
  ['Dutch', { name: 'wachtwoord' }],
  ['Chinese', { title: '请输入密码' }],
  ['Japanese', { title: 'パスワード' }],
  ['passwd', { name: 'passwd' }],
  ['pwd', { name: 'db_pwd' }],
  ['a word ending in password', { name: 'PGPASSWORD' }],
  ['credentials', { name: 'credentials' }],
  ['otp', { name: 'otp' }],
  ['totp', { name: 'totpCode' }],
  ['2fa code', { title: '2FA code' }],
  ['one-time code', { title: 'One-time code' }],
  ['verification code', { name: 'verification_code' }],
  ['mnemonic', { name: 'mnemonic' }],
  ['seed phrase', { title: 'Seed phrase' }],
  ['recovery phrase', { name: 'recoveryPhrase' }],
  ['AWS access key id', { name: 'aws_access_key_id' }],
  ['AWS secret', { name: 'AWS_SECRET_ACCESS_KEY' }],
  ['access key', { name: 'accessKey' }],
  ['private key', { name: 'private_key' }],
  ['API key, camelCase', { name: 'apiKey' }],
  ['API key, acronym', { name: 'OpenAIAPIKey' }],
  ['apikey run together', { name: 'apikey' }],
  ['a key variable', { name: 'STRIPE_KEY' }],
  ['client secret run together', { name: 'clientsecret' }],
  ['a word ending in token', { name: 'bottoken' }],
  ['PIN', { name: 'pin' }],
  ['a pass', { name: 'db_pass' }],
  ['a harmless name whose description asks for a token', { name: 'value', description: 'Paste the token from your dashboard.' }],
  ['a harmless name whose description asks for a password', { name: 'answer', description: 'Your Password, please' }],
  ['a harmless name whose description asks for a key', { name: 'input', description: 'Enter your API key' }],
  ['a harmless name whose description asks for your key', { name: 'field1', description: 'Paste your key here' }],
  ['a harmless name whose description asks for a secret', { name: 'x', description: 'The signing secret' }],
  ['a harmless name whose title asks for a key', { name: 'x', title: 'License key' }],
  ['card number', { name: 'cardNumber' }],
  // Drawn as one word in a terminal, split as written.
  ['a colour escape inside the word', { name: 'Pass\u001b[31mword' }],
  ['a concealing escape inside pwd', { name: 'x', title: 'pw\u001b[8md' }],
  ['an escape inside a description\'s word', { name: 'value', description: 'Your pass\u001b[0mword' }],
  ['a window-title string inside the word', { name: 'x', title: 'Pass\u001b]0;title\u0007word' }],
  ['a C1 control sequence inside the word', { name: 'x', title: 'To\u009b1mken' }],
  ['a title spelled letter by letter', { name: 'x', title: 'P a s s w o r d' }],
  ['a description spelled letter by letter', { name: 'x', description: 'your t o k e n here' }],
  // A sequence that would swallow a letter as its final byte: as written, the word is still there.
  ['an escape that would take the first letter', { name: 'x', title: '\u001b[Password' }],
  ['an unterminated string before the word', { name: 'x', title: '\u001b]Password' }],
];

const PLAIN: [string, FieldWords][] = [
  ['username', { name: 'username', title: 'User name' }],
  ['email', { name: 'email', description: 'Where we send the receipt' }],
  ['city', { name: 'city' }],
  ['a word that only begins like token', { name: 'tokenizer_model' }],
  ['a count of tokens', { name: 'max_tokens', description: 'The most tokens to generate' }],
  ['a public key', { name: 'public_key' }],
  ['a sort key', { name: 'sortKey' }],
  ['a key id', { name: 'key_id' }],
  ['a random seed', { name: 'seed', description: 'Makes the output repeatable' }],
  ['a country code', { name: 'country_code' }],
  ['a keyword', { name: 'keyword' }],
  ['a secretary', { name: 'secretary' }],
  ['a passenger', { name: 'passenger' }],
  ['pass through', { name: 'pass_through' }],
  ['pin in a description', { name: 'pinned', description: 'Whether to pin the note to the top' }],
  ['the key to look up, in a description', { name: 'name', description: 'The key to look up' }],
  ['nothing at all', {}],
  ['a colour escape in a plain word', { name: 'user\u001b[1mname' }],
  ['single letters too few to spell a word', { name: 'x', title: 'Axis x y' }],
  ['letter by letter, a plain word', { name: 'x', description: 'e m a i l address' }],
];

describe('looksSecret', () => {
  it.each(SECRET)('counts %s as secret', (_, field) => {
    expect(looksSecret(field)).toBe(true);
  });

  it.each(PLAIN)('leaves %s plain', (_, field) => {
    expect(looksSecret(field)).toBe(false);
  });
});
