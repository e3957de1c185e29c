import { describe, expect, it } from 'vitest';
import { REDACTED, Redactor } from './redactor';
import { redactSecretAssignments, secretAssignmentNamed } from './secret-assignments';

const X = REDACTED;

describe('redactSecretAssignments', () => {
  it('judges a name = by the header word rule, which a fixed list of names missed', () => {
    const cases: [string, string][] = [
      ['curl "https://h.test/v1?x-goog-api-key=AIzaSyA12345&alt=json"', `curl "https://h.test/v1?x-goog-api-key=${X}&alt=json"`],
      ['GET /cb?access-token=abc123def#top', `GET /cb?access-token=${X}#top`],
      ['GET /x?client-secret=abc123&page=2', `GET /x?client-secret=${X}&page=2`],
      ['https://b.s3.test/k?X-Amz-Date=20261201&X-Amz-Signature=0f1e2d3c', `https://b.s3.test/k?X-Amz-Date=20261201&X-Amz-Signature=${X}`],
      ['https://a.blob.test/c?sv=2020-08-04&sig=abcDEF%2Bxyz', `https://a.blob.test/c?sv=2020-08-04&sig=${X}`],
      ['AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG LANG=C', `AWS_SECRET_ACCESS_KEY=${X} LANG=C`],
      ['export GITHUB_PAT="ghp_abc def"', `export GITHUB_PAT="${X}"`],
      ["DB_PASS='p4ss word' next", `DB_PASS='${X}' next`],
      ['serve --client-secret=abc123 --verbose', `serve --client-secret=${X} --verbose`],
      ['https://db.test/x?user=me&pw=hunter2&pwd=hunter3&pass=hunter4&passwd=hunter5', `https://db.test/x?user=me&pw=${X}&pwd=${X}&pass=${X}&passwd=${X}`],
    ];
    for (const [text, redacted] of cases) expect(redactSecretAssignments(text, X), text).toBe(redacted);
  });

  it('leaves ordinary query strings, ids, references and values of punctuation alone', () => {
    const clean = [
      'https://h.test/search?sort=asc&page=2&keyword=token&tokens=3&max_tokens=100',
      'AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE TOKEN_URL=https://h.test/token X_CACHE_KEY=abc PUBLIC_KEY=ssh-ed25519',
      'https://h.test/mcp?api_key=${secret:EXAMPLE_KEY}',
      'an address of the older `/?token=` form, `/#token=…` and `--password=` in prose',
      'error_code=400 status_code=500 zip_code=12345',
      '${env:API_KEY=x}',
    ];
    for (const text of clean) expect(redactSecretAssignments(text, X), text).toBe(text);
  });

  it('takes an authorization code and a signature as credentials only where a query names them so', () => {
    expect(secretAssignmentNamed('code')).toBe(true);
    expect(secretAssignmentNamed('X-Goog-Signature')).toBe(true);
    expect(secretAssignmentNamed('error_code')).toBe(false);
    expect(secretAssignmentNamed('signature_version')).toBe(false);
  });

  it('stays linear on long runs of names and equals signs', () => {
    const text = `${'a_token='.repeat(50_000)} ${'x'.repeat(200)}=`.repeat(2);
    expect(redactSecretAssignments(text, X)).toContain(X);
    expect(redactSecretAssignments('='.repeat(400_000), X)).toBe('='.repeat(400_000));
  });
});

describe('Redactor: URL passwords and token shapes', () => {
  const r = new Redactor();
  it("removes a URL's password and keeps its user and host", () => {
    expect(r.redact('DATABASE_URL=postgres://app:hunter2@db.internal:5432/main ok')).toBe(`DATABASE_URL=postgres://app:${X}@db.internal:5432/main ok`);
    expect(r.redact('mongodb+srv://admin:p%40ss@cluster0.test/db')).toBe(`mongodb+srv://admin:${X}@cluster0.test/db`);
    expect(r.redact('redis://:sekrit@localhost:6379')).toBe(`redis://:${X}@localhost:6379`);
    const plain = 'https://h.test:8443/users/@me and ssh://git@github.com:22/org/repo and `postgres://user:…@host`';
    expect(r.redact(plain)).toBe(plain);
  });

  it("runs a URL's password to the authority's last `@`, a raw `@` inside it", () => {
    expect(r.redact('postgres://u:p@ss@h/db')).toBe(`postgres://u:${X}@h/db`);
    expect(r.redact('DATABASE_URL=mysql://app:p@ss@w0rd@db.internal:3306/main ok')).toBe(`DATABASE_URL=mysql://app:${X}@db.internal:3306/main ok`);
    expect(r.redact('redis://:@@sekrit@localhost:6379')).toBe(`redis://:${X}@localhost:6379`);
    expect(r.redact('{"url":"amqp://guest:gu@st@mq.test","user":"x"}')).toBe(`{"url":"amqp://guest:${X}@mq.test","user":"x"}`);
  });

  it("ends the last-`@` run at a query, and still hides a password holding a `?`", () => {
    expect(r.redact('see http://h:8080?to=a@b.c&cc=d@e.f')).toBe(`see http://h:${X}@b.c&cc=d@e.f`);
    expect(r.redact('postgres://u:p?ss@h/db')).toBe(`postgres://u:${X}@h/db`);
    expect(r.redact('postgres://u:p@ss@h/db?sslmode=require')).toBe(`postgres://u:${X}@h/db?sslmode=require`);
  });

  it('removes a URL password after a user holding a raw `@`, and keeps a port after one', () => {
    expect(r.redact('https://me@corp.com:pw123@host/x')).toBe(`https://me@corp.com:${X}@host/x`);
    expect(r.redact('smtp://alerts@corp.com:S3cr3t!@mail.corp.com:587')).toBe(`smtp://alerts@corp.com:${X}@mail.corp.com:587`);
    for (const plain of ['https://a@b.c:8443/x', 'ssh://git@github.com:22/org/repo', 'see https://a@b.c:8443 then mail d@e.test']) expect(r.redact(plain)).toBe(plain);
  });

  it('removes a URL password holding a quote or a backquote, and keeps a URL that a quote closes', () => {
    expect(r.redact("mysql://app:it's@db.internal/x")).toBe(`mysql://app:${X}@db.internal/x`);
    expect(r.redact('{"url":"postgres://u:p\\"w@h/db"}')).toBe(`{"url":"postgres://u:${X}@h/db"}`);
    expect(r.redact('postgres://u:p"w@h/db')).toBe(`postgres://u:${X}@h/db`);
    expect(r.redact('redis://:pa`ss@h')).toBe(`redis://:${X}@h`);
    for (const plain of ['["https://h.test:8443","a@b.test"]', "{'url':'https://h.test:8443','to':'a@b.test'}"]) expect(r.redact(plain)).toBe(plain);
  });

  it('keeps an address after a URL, and one in prose or a git remote', () => {
    for (const plain of [
      'write to bob@example.com, or ops@example.com: they answer',
      'git@github.com:o/r and git clone git@github.com:o/r.git',
      'see https://h.test:8443/docs then mail a@b.test',
      'see https://h.test:8443 then mail a@b.test',
      '<https://h.test:8443>a@b.test',
    ])
      expect(r.redact(plain)).toBe(plain);
    expect(r.redact('{"url":"redis://:pw1@h","email":"a@b.test"}')).toBe(`{"url":"redis://:${X}@h","email":"a@b.test"}`);
  });

  it("keeps a presigned URL's credential scope, key id and all, and redacts its signature and session token", () => {
    const url =
      'https://b.s3.test/k?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20261201%2Fus-east-1%2Fs3%2Faws4_request' +
      '&X-Amz-Date=20261201T000000Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Security-Token=FQoGZXIvYXdzEXAMPLE&X-Amz-Signature=0f1e2d3c';
    expect(r.redact(url)).toBe(url.replace('FQoGZXIvYXdzEXAMPLE', X).replace('0f1e2d3c', X));
    const scope = 'X-Amz-Credential=AKIAIOSFODNN7EXAMPLE/20261201/us-east-1/s3/aws4_request';
    expect(r.redact(scope)).toBe(scope);
    const goog = 'https://storage.test/b/o?X-Goog-Credential=signer%40p.iam.test%2F20261201%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Signature=abc123';
    expect(r.redact(goog)).toBe(goog.replace('abc123', X));
  });

  it('removes tokens by their shape wherever they stand', () => {
    for (const token of [
      `ghp_${'a1'.repeat(18)}`,
      `github_pat_11ABCDEFG0123456789_${'b'.repeat(40)}`,
      `sk-proj-${'c3'.repeat(20)}`,
      `sk-ant-api03-${'d4'.repeat(20)}`,
      // A prefix that says whose it is needs no length to be known: a short project key too.
      'sk-proj-Ab12Cd34Ef56Gh78',
      'sk-ant-api03-Zx9Yw8Vu7T',
      'xoxb-123456789012-1234567890123-abcdefghijklmnopqrstuvwx',
      'glpat-abcdefghijklmnopqrst',
    ])
      expect(r.redact(`got ${token} here`), token).toBe(`got ${X} here`);
    const plain = 'the task-runner sk-learn ghp_short xoxb- glpat- sk-proj-key sk-ant-';
    expect(r.redact(plain)).toBe(plain);
  });

  it('hides what `import` would move to the vault by its name, and known token shapes wherever they stand', () => {
    const r = new Redactor();
    for (const name of ['OPENAI_API_KEY_2', 'PGPASS', 'DOCKERHUBKEY', 'STRIPEKEY', 'GITHUB_PAT']) expect(r.redact(`${name}=abc123def456`)).toBe(`${name}=${REDACTED}`);
    expect(r.redact('AWS_ACCESS_KEY_ID=AKIAEXAMPLE')).toBe('AWS_ACCESS_KEY_ID=AKIAEXAMPLE');
    for (const token of ['sk_live_abcdefghijklmnop1234', 'rk_test_abcdefghijklmnop1234', `AIza${'B'.repeat(35)}`, `ya29.${'c'.repeat(40)}`]) expect(r.redact(`got ${token} back`)).toBe(`got ${REDACTED} back`);
  });

  it('hides an npm token and a JSON Web Token wherever they stand, and leaves look-alikes and an AWS key id (a name, not a secret)', () => {
    const r = new Redactor();
    const jwt = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';
    for (const token of [`npm_${'a1B2'.repeat(9)}`, jwt, `${jwt.slice(0, jwt.lastIndexOf('.'))}.`]) {
      expect(r.redact(`stderr: key ${token} rejected`), token).toBe(`stderr: key ${REDACTED} rejected`);
    }
    // Shorter, longer or lower-case look-alikes are words, not keys.
    for (const plain of ['AKIAIOSFODNN7EXAMPLE', 'npm_install', `npm_${'a'.repeat(37)}`, 'eyJ.eyJ.x', 'the eyJhbGciOi header']) expect(r.redact(plain), plain).toBe(plain);
  });
});

// A known secret replaced first inside an assigned value ended it at its `]`: the rest of the value
// (`]23`, the tail of the assignment) was handed out.
describe('Redactor: a known secret inside an assigned value', () => {
  it('hides the whole value, whatever is left of it around the known one', () => {
    const r = new Redactor();
    r.addSecret('secret-1');
    expect(r.redact('quota exceeded for API_KEY=quota-secret-123')).toBe(`quota exceeded for API_KEY=${REDACTED}`);
    expect(r.redact('API_KEY=secret-1-tail and more')).toBe(`API_KEY=${REDACTED} and more`);
    expect(r.redact('https://x.example/?token=a-secret-1-b&page=2')).toBe(`https://x.example/?token=${REDACTED}&page=2`);
  });

  it('keeps a bracket that closes around the assignment, and is the same when run again', () => {
    const r = new Redactor();
    r.addSecret('secret-1');
    const once = r.redact('[API_KEY=secret-1] [TOKEN=abc123]');
    expect(once).toBe(`[API_KEY=${REDACTED}] [TOKEN=${REDACTED}]`);
    expect(r.redact(once)).toBe(once);
  });

  it('leaves JSON whole: a backslash escaping the quote after a value is not part of the value', () => {
    const r = new Redactor();
    r.addSecret('secret-1');
    for (const [message, shown] of [
      ['x "TOKEN=secret-1" y', `x "TOKEN=${REDACTED}" y`],
      ['set "API_KEY=abc123" here', `set "API_KEY=${REDACTED}" here`],
      ["a 'PASSWORD=a-secret-1-b' b", `a 'PASSWORD=${REDACTED}' b`],
    ]) {
      expect((JSON.parse(r.redact(JSON.stringify({ message }))) as { message: string }).message).toBe(shown);
    }
  });
});
