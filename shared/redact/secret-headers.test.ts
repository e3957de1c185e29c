import { describe, expect, it } from 'vitest';

import { formatIssue, parseConfigText } from '../config';
import { secretHeaderNamed } from '../text';
import { REDACTED, Redactor } from './redactor';

// The names the config's header rule takes for a credential's (shared/text/secret-header.test.ts).
const SECRET_NAMES = [
  'Authorization', 'Proxy-Authorization', 'Cookie', 'X-Session-Cookie', 'X-Pass', 'X-Api-Pass', 'X-Password', 'Passcode', 'X-Secret', 'X-Auth',
  'X-Access-Key', 'Private-Token', 'X-Goog-Api-Key', 'Ocp-Apim-Subscription-Key', 'X-APIKEY', 'xAuthToken', 'X-Auth-Key', 'X-Client-Secret', 'X-Jwt',
  'X-Accesskey', 'X-Auth-Token', 'x-api-key', 'api-key', 'X_API_PASS',
];
const PLAIN_NAMES = ['Content-Type', 'Accept', 'X-Request-Id', 'Mcp-Session-Id', 'X-Token-Type', 'Idempotency-Key', 'X-Monkey', 'User-Agent'];
const VALUE = 's3cr3t-V4lue_9';

/** Each shape a header is printed in: a header line, mid-line, JSON, a printed object, lower case, `curl -v`. */
const SHAPES: ((name: string) => [string, string])[] = [
  (name) => [`${name}: ${VALUE}`, `${name}: ${REDACTED}`],
  (name) => [`request failed (401) ${name}: ${VALUE}`, `request failed (401) ${name}: ${REDACTED}`],
  (name) => [`{"headers":{"${name}":"${VALUE}","Accept":"*/*"}}`, `{"headers":{"${name}":"${REDACTED}","Accept":"*/*"}}`],
  (name) => [`headers: { '${name}': '${VALUE}', accept: '*/*' }`, `headers: { '${name}': '${REDACTED}', accept: '*/*' }`],
  (name) => [`{"${name.toLowerCase()}": "${VALUE}"}`, `{"${name.toLowerCase()}": "${REDACTED}"}`],
  (name) => [`* h2\n> ${name.toLowerCase()}: ${VALUE}\n> accept: */*`, `* h2\n> ${name.toLowerCase()}: ${REDACTED}\n> accept: */*`],
];

describe('Redactor: a credential header by the config rule', () => {
  it('the names here are the rule’s own verdicts', () => {
    expect(SECRET_NAMES.filter((name) => !secretHeaderNamed(name))).toEqual([]);
    expect(PLAIN_NAMES.filter((name) => secretHeaderNamed(name))).toEqual([]);
  });

  it('redacts the value of every credential header in each shape', () => {
    const r = new Redactor();
    for (const name of SECRET_NAMES) {
      for (const shape of SHAPES) {
        const [text, out] = shape(name);
        expect({ text, out: r.redact(text) }).toEqual({ text, out });
      }
    }
  });

  it("keeps a store reference's path whole, its store named like a credential or not", () => {
    const r = new Redactor();
    for (const text of ["K='${secret:secret-service:github/me}'", 'WEATHER_KEY=${secret:secret-service:connected-services} node w.js', '"${secret:token-store:a/b}"']) {
      expect(r.redact(text)).toBe(text);
    }
    expect(r.redact('secret-service: hunter2-value')).toBe('secret-service: [redacted]');
  });

  it('keeps the value of a header that holds no credential', () => {
    const r = new Redactor();
    for (const name of PLAIN_NAMES) {
      for (const shape of SHAPES) {
        const [text] = shape(name);
        expect(r.redact(text)).toBe(text);
      }
    }
  });

  it("keeps a JSON member's literal under a credential's name (VS Code's `\"password\": true`), and still hides a bare value", () => {
    const r = new Redactor();
    for (const literal of ['true', 'false', 'null']) {
      const text = `{\n  "id": "token-vs",\n  "password": ${literal}\n}`;
      expect(r.redact(text)).toBe(text);
      expect(r.redact(`{"password": ${literal}, "x": 1}`)).toBe(`{"password": ${literal}, "x": 1}`);
    }
    expect(r.redact('{"password": hunter2}')).toBe('{"password": [redacted]}');
    expect(r.redact('{"password": "true"}')).toBe('{"password": "[redacted]"}');
  });

  it('reads on past a name that is no header, to the credential after it on the line', () => {
    const r = new Redactor();
    expect(r.redact(`GET https://x.test/a failed: X-Pass: ${VALUE}`)).toBe(`GET https://x.test/a failed: X-Pass: ${REDACTED}`);
    expect(r.redact(`{"level":"warn","Private-Token":"${VALUE}"}`)).toBe(`{"level":"warn","Private-Token":"${REDACTED}"}`);
  });

  it('runs a quoted value to its closing quote, an escaped quote inside it', () => {
    expect(new Redactor().redact(`{"X-Pass":"ab\\"cd, ef","ok":1}`)).toBe(`{"X-Pass":"${REDACTED}","ok":1}`);
  });

  it("leaves a config problem's dotted field path, whose last step is a credential's name (formatIssue)", () => {
    const r = new Redactor();
    for (const text of [
      '/h/mcp.json: server "github": field "env.GITHUB_TOKEN": Invalid input: expected string, received number',
      'agents.json is not a valid agents file: at agents.claude.API_KEY, Invalid input',
      'x: server "github": field "env.GITHUB_TOKEN": Invalid input',
    ])
      expect(r.redact(text)).toBe(text);
    expect(r.redact(`env.json: GITHUB_TOKEN: ${VALUE}`)).toBe(`env.json: GITHUB_TOKEN: ${REDACTED}`);
    // A one-step path reads as any program's `field "password": value`: its value is hidden, a config problem's words with it.
    expect(r.redact(`Error: field "password": ${VALUE}`)).toBe(`Error: field "password": ${REDACTED}`);
  });

  it("leaves a config problem's words after a server named as a credential would be (formatIssue)", () => {
    const r = new Redactor();
    for (const name of ['auth', 'session', 'github-token', 'credentials', 'password-manager']) {
      const problem = formatIssue({ file: '/h/mcp.json', server: name, field: 'command', message: 'is required' });
      expect(r.redact(problem)).toBe(problem);
      expect(r.redact(JSON.stringify({ message: problem }))).toBe(JSON.stringify({ message: problem }));
    }
    // Only the product's own `server "NAME":` form: the same name as another program writes it keeps its value hidden.
    expect(r.redact(`servers "auth": ${VALUE}`)).not.toContain(VALUE);
    expect(r.redact(`{"auth": "${VALUE}"}`)).not.toContain(VALUE);
  });

  // Written bare (`field "headers.My Token": …`) the name's last word read as a credential's header, and the reason was hidden.
  it('leaves the reason of a config problem naming a header or variable of more words, as formatIssue writes it', () => {
    const r = new Redactor();
    const header = parseConfigText(JSON.stringify({ mcpServers: { a: { type: 'http', url: 'https://a.example/mcp', headers: { 'My Token': 'v' } } } }), 'mcp.json');
    const variable = parseConfigText(JSON.stringify({ mcpServers: { b: { command: 'x', env: { 'My Token': 5 } } } }), 'mcp.json');
    for (const result of [header, variable]) {
      const problem = result.ok ? '' : formatIssue(result.issues[0] ?? { file: '', message: '' });
      expect(problem).toMatch(/field (headers|env)\["My Token"\]: \S/);
      expect(r.redact(problem)).toBe(problem);
      expect(r.redact(JSON.stringify({ message: problem }))).toBe(JSON.stringify({ message: problem }));
    }
  });

  it("leaves a config problem's field path and an App API error's quoted header name as printed inside a JSON string", () => {
    const r = new Redactor();
    for (const problem of [
      '/h/mcp.json: server "a": field "headers.Authorization": expected string, got number 5',
      '/h/mcp.json: server "b": field "env.GITHUB_TOKEN": expected string, got number 5',
      'Invalid server: headers["Authorization"]: a header value may not hold a line break',
      'Invalid input for addServer: config.env["GITHUB_TOKEN"]: expected string',
    ]) {
      expect(r.redact(problem)).toBe(problem);
      const json = JSON.stringify({ error: { message: problem } });
      expect(r.redact(json)).toBe(json);
    }
    // The escaped quotes are the path's only: a credential's value beside such a problem is still hidden.
    expect(r.redact(JSON.stringify({ e: `field "headers.Authorization": x`, h: { Authorization: VALUE } }))).not.toContain(VALUE);
    expect(r.redact(JSON.stringify({ e: `Authorization: Bearer ${VALUE}` }))).toBe(JSON.stringify({ e: `Authorization: ${REDACTED}` }));
    expect(r.redact(JSON.stringify({ e: `fields "headers.Authorization": ${VALUE}` }))).not.toContain(VALUE);
  });

  it("leaves the last step of a URL's or file's path before a colon (a sign-in error's reason)", () => {
    const r = new Redactor();
    for (const text of [
      'No usable authorization server metadata (http://127.0.0.1:18700/.well-known/oauth-authorization-server: issuer is http://a, not http://b)',
      'Refused the token_endpoint "file:///etc/passwd": its scheme is file:, not https:.',
      'Refused the token_endpoint "https://127.0.0.1:18703/token": it points at this computer',
    ])
      expect(r.redact(text)).toBe(text);
    expect(r.redact(`GET /x HTTP/1.1\nAuthorization: Bearer ${VALUE}`)).toBe(`GET /x HTTP/1.1\nAuthorization: ${REDACTED}`);
  });

  it('redacts a credential after any other dotted or slashed path: a config dump, a secrets mount, a flattened JSON key', () => {
    const r = new Redactor();
    for (const [before, after] of [
      ['req.headers.x-api-key: ', ''],
      ['config.apiKey: ', ''],
      ['process.env.API_KEY: ', ''],
      ['/run/secrets/db_password: ', ''],
      ['{"spring.datasource.password":"', '"}'],
      ['{"app.secret": "', '"}'],
    ])
      expect(r.redact(`${before}${VALUE}${after}`)).toBe(`${before}${REDACTED}${after}`);
  });

  it('leaves a one-word credential name inside a sentence', () => {
    const r = new Redactor();
    for (const text of ['could not restore the session: connection reset', 'Invalid vault key: expected 32 bytes', 'missing secret: server github needs GITHUB_TOKEN', 'auth: {"note":"signed in"}']) {
      expect(r.redact(text)).toBe(text);
    }
    expect(r.redact(`Token: ${VALUE}`)).toBe(`Token: ${REDACTED}`);
    expect(r.redact(`{"token": "${VALUE}"}`)).toBe(`{"token": "${REDACTED}"}`);
    expect(r.redact(`{ cookie: '${VALUE}' }`)).toBe(`{ cookie: '${REDACTED}' }`);
  });

  it('leaves a JSON array or object under a credential-sounding name to the rules of its members', () => {
    const r = new Redactor();
    const json = JSON.stringify({ credentialFiles: [{ server: 'gdrive', variable: 'GOOGLE_APPLICATION_CREDENTIALS' }], secrets: { count: 2 } }, null, 2);
    expect(JSON.parse(r.redact(json))).toEqual(JSON.parse(json));
  });

  it('redacts authorization and cookie wherever they stand, in any case', () => {
    const r = new Redactor();
    expect(r.redact(`upstream said 401 with authorization: token ${VALUE}`)).toBe(`upstream said 401 with authorization: ${REDACTED}`);
    expect(r.redact(`retrying, cookie: sid=${VALUE}`)).toBe(`retrying, cookie: ${REDACTED}`);
    expect(r.redact(`AUTHORIZATION: ${VALUE}`)).toBe(`AUTHORIZATION: ${REDACTED}`);
  });

  it('keeps a value of references alone, and a reference’s own `${secret:…}` is no header', () => {
    const r = new Redactor();
    expect(r.redact('X-Auth-Token: ${secret:TOKEN}')).toBe('X-Auth-Token: ${secret:TOKEN}');
    expect(r.redact('"Private-Token": "${secretFile:GITLAB}"')).toBe('"Private-Token": "${secretFile:GITLAB}"');
  });

  it('stays linear on long runs of names, colons, blanks and open quotes', () => {
    const r = new Redactor();
    const runs = [
      'a-'.repeat(200_000) + ': x',
      'X-Pass:'.repeat(100_000),
      `X-Pass: "${'\\"'.repeat(100_000)}`,
      'x:'.repeat(300_000),
      `X-Pass${' '.repeat(300_000)}:${' '.repeat(300_000)}v`,
      '"Private-Token":"'.repeat(50_000),
    ];
    for (const text of runs) expect(r.redact(text).length).toBeLessThanOrEqual(text.length + REDACTED.length);
  });
});
