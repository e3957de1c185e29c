import { describe, expect, it } from 'vitest';
import { REDACTED, Redactor } from './redactor';

// A `${secret:…}` reference names a value and is none: redaction keeps its text, never a value beside it.
describe('Redactor: references are kept, values are not', () => {
  const kept = [
    "--header 'Authorization: Bearer ${secret:G_AUTHORIZATION}'",
    'Authorization: ${secret:pass:work/github-token}',
    'Proxy-Authorization: Basic ${env:PROXY_AUTH}',
    'x-api-key: ${secret:KEY}',
    "--env 'GITHUB_TOKEN=${secret:GH_GITHUB_TOKEN}'",
    'API_KEY=${secretFile:API_KEY} next',
    'api-key=${secret:K}',
    'https://x.test/mcp?token=${secret:T}&state=ok',
    '{"token":"${secret:T}","ok":1}',
    '{"headers":{"Authorization":"Bearer ${secret:A}${secret:B}"}}',
    // VS Code's prompt for a value it keeps in its secret storage, as `agents connect --client vscode` writes it.
    '+      "Authorization": "Bearer ${input:connected-services-token-team-a}",',
    "--header 'Authorization: Bearer ${input:tok}'",
    // A sign-in's token placed in a program's env or args (stdio auth), as `servers approve` shows the command.
    "SLACK_TOKEN='${token}' slack-mcp",
    'GITHUB_TOKEN=${token:github} run',
    '--token ${token:my-server_2}',
  ];
  for (const text of kept) it(`keeps ${text}`, () => expect(new Redactor().redact(text)).toBe(text));

  const hidden: [string, string][] = [
    ['Authorization: Bearer abc.def-ghi', `Authorization: ${REDACTED}`],
    ['Authorization: Bearer sk-live-1234 ${secret:X}', `Authorization: ${REDACTED}`],
    ['Authorization: ${secret:X}sk-live-1234', `Authorization: ${REDACTED}`],
    ['GITHUB_TOKEN=ghp_abc${secret:X} run', `GITHUB_TOKEN=${REDACTED} run`],
    ['GITHUB_TOKEN=ghp_abcdef run', `GITHUB_TOKEN=${REDACTED} run`],
    ['api-key=k-${env:X}', `api-key=${REDACTED}`],
    ['https://x.test/?token=abc${secret:T}&state=ok', `https://x.test/?token=${REDACTED}&state=ok`],
    ['{"token":"t-${secret:T}"}', `{"token":"${REDACTED}"}`],
    ['"Authorization": "Bearer sk-live-1234${input:tok}"', `"Authorization": "${REDACTED}"`],
    // Not a reference of ours: `${workspaceFolder}`, an unclosed one, a line break inside.
    ['Authorization: Bearer ${workspaceFolder}', `Authorization: ${REDACTED}}`],
    ['API_TOKEN=${secret:NEVER_CLOSED', `API_TOKEN=${REDACTED}`],
    // `${token:…}` names a server: no other text in it, nor beside it, is kept.
    ['API_TOKEN=${token:a b}', `API_TOKEN=${REDACTED} b}`],
    ['API_TOKEN=${token}abc123secret', `API_TOKEN=${REDACTED}`],
    ['Authorization: ${secret:A\nabcdef}', `Authorization: ${REDACTED}\nabcdef}`],
  ];
  for (const [text, out] of hidden) it(`hides the value in ${JSON.stringify(text)}`, () => expect(new Redactor().redact(text)).toBe(out));

  it('a known value inside a reference-shaped text is removed all the same', () => {
    const r = new Redactor();
    r.addSecret('vault-value-7f3a9c21');
    expect(r.redact('Authorization: Bearer ${secret:vault-value-7f3a9c21}')).not.toContain('vault-value-7f3a9c21');
  });

  it('redactValue keeps a reference under a secret-named key and hides a value there', () => {
    const out = new Redactor().redactValue({ env: { GITHUB_TOKEN: '${secret:GH}', API_KEY: 'plain-value', OTHER_KEY: 'x${secret:Y}' } });
    expect(out).toEqual({ env: { GITHUB_TOKEN: '${secret:GH}', API_KEY: REDACTED, OTHER_KEY: REDACTED } });
  });

  it('stays linear on a long unclosed reference after a credential name', () => {
    const text = `Authorization: ${'${secret:'.repeat(20_000)}`;
    expect(new Redactor().redact(text)).toBe(`Authorization: ${REDACTED}`);
  });
});
