/*
 * The words that make a field look like it asks for a secret (see secret-looking.ts for the rules).
 * Written as people write them; they are brought to their reading form before comparing.
 */

/** One word that alone names a secret, in any of name, title or description. */
export const SECRET_WORDS = [
  'password', 'passwords', 'passwd', 'pwd', 'passphrase', 'passcode',
  'secret', 'secrets', 'token', 'credential', 'credentials', 'creds', 'apikey', 'privatekey',
  'otp', 'totp', 'hotp', '2fa', 'mfa', 'mnemonic', 'cvv', 'cvc', 'ssn', 'iban',
  // "password" in other languages
  'passwort', 'kennwort', 'contraseña', 'senha', 'motdepasse', 'wachtwoord', 'lösenord', 'passord', 'adgangskode',
  'hasło', 'heslo', 'salasana', 'jelszó', 'şifre', 'пароль', 'סיסמה', 'پسورد',
];

/** Words that name a secret only in a field's name or title (`pin`, not "pin the message"). */
export const LABEL_WORDS = ['pin'];

/** Words that name a secret as the last word of a name or title (`STRIPE_KEY`, `db_pass`, not `pass_through`). */
export const LABEL_LAST_WORDS = ['key', 'keys', 'pass'];

/** Runs of words that together name a secret, anywhere. */
export const SECRET_PHRASES = [
  'api key', 'api keys', 'access key', 'access keys', 'secret key', 'private key', 'signing key', 'ssh key', 'encryption key', 'master key', 'license key', 'your key',
  'access tokens', 'api tokens', 'auth tokens', 'bearer tokens', 'refresh tokens',
  'pass word', 'pass phrase', 'pass code', 'mot de passe', 'clave de acceso', 'parola d accesso', 'كلمة المرور', 'كلمة السر',
  'one time code', 'one time password', 'one time passcode', 'one time pin', 'verification code', 'security code', 'auth code', 'authentication code',
  'authorization code', 'login code', 'sms code', 'access code', 'confirmation code', 'recovery code', 'recovery codes', 'backup code', 'backup codes',
  'two factor', 'your pin', 'pin code', 'pin number',
  'seed phrase', 'seed words', 'recovery phrase', 'recovery words', 'wallet words',
  'credit card', 'card number', 'social security',
];

/** Parts of one word (`PGPASSWORD`, `clientsecret`) or of scripts written without spaces (密码). */
export const SECRET_PARTS = [
  'password', 'passwort', 'passwd', 'passphrase', 'passcode', 'apikey', 'accesskey', 'secretkey', 'privatekey',
  'accesstoken', 'authtoken', 'refreshtoken', 'bearertoken', 'clientsecret', 'credential', 'mnemonic',
  'seedphrase', 'recoveryphrase', 'onetimecode', 'onetimepassword', 'motdepasse', 'contrasena', 'kennwort', 'wachtwoord',
  '密码', '密碼', '口令', 'パスワード', '暗証番号', '비밀번호',
];

/** Endings of one word that make it a secret (`bottoken`, `appsecret`), unlike a beginning (`tokenizer`). */
export const SECRET_ENDINGS = ['token', 'secret'];

/** Before a last word "key", what makes it a plain value: a sort key, a public key, a primary key. */
export const PLAIN_KEY_QUALIFIERS = [
  'public', 'sort', 'partition', 'primary', 'foreign', 'cache', 'lookup', 'group', 'row', 'object', 'map', 'hot', 'idempotency',
  'dedup', 'dedupe', 'shortcut', 'translation', 'i18n', 'music', 'range', 'hash', 'composite', 'unique', 'index', 'label', 'metadata',
];
