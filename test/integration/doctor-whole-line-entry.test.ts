import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { doctorJson, PASSPHRASE } from '../support/doctor-json';
import { passphraseHome } from '../support/passphrase-home';

// `servers add` refuses a quoted whole line now; an entry stored so earlier (or written by hand) is still read.
describe('doctor and an entry whose command is a whole command line', () => {
  it('says the line is stored as one program name and gives the edit that splits it, which then works', async () => {
    const home = await passphraseHome(PASSPHRASE, 'cs-doctor-whole-line-');
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { notes: { command: 'node -e "setTimeout(()=>{},1)" ~/notes' }, kept: { command: 'A=1 node x.js' } } }), { mode: 0o600 });
    const { checks: before } = await doctorJson(home);
    const notes = before.find((c) => c.id === 'server:notes');
    expect(notes).toMatchObject({ status: 'fail', detail: 'command "node -e "setTimeout(()=>{},1)" ~/notes" is a whole command line stored as the name of one program' });
    expect(notes?.fix).toBe(`Split it into the program and its arguments: connected-services servers edit notes -- node -e 'setTimeout(()=>{},1)' '~/notes'`);
    expect(JSON.stringify(before)).not.toContain('Install node -e');
    // A variable set on the line is not carried by the edit command: the fix says to write the parts by hand.
    expect(before.find((c) => c.id === 'server:kept')?.fix).toBe(`In ${join(home, 'mcp.json')}, give the program alone as "command" ("node") and each argument in "args"`);

    const fix = notes?.fix?.replace(/^.*connected-services /, '') ?? '';
    const edited = await runCli(home, [...fix.split(/ (?=(?:[^']*'[^']*')*[^']*$)/).map((w) => w.replace(/^'(.*)'$/, '$1')), '--yes'], { env: PASSPHRASE });
    expect(edited.code, edited.stderr).toBe(0);
    const after = (await doctorJson(home)).checks.find((c) => c.id === 'server:notes');
    expect(after?.detail).not.toContain('whole command line');
    expect(after?.detail).toMatch(/waiting for your approval|command found at/);
  }, 90_000);
});
