import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';
import { startServe, type Served } from '../support/serve';

// What a new user trips on at the command line: each case says what to do, under its own label.
const MEMORY = { DBUS_SESSION_BUS_ADDRESS: '', CONNECTED_SERVICES_PASSPHRASE: '' };

describe('the command line for a new user', () => {
  const serves: Served[] = [];
  afterAll(async () => {
    for (const served of serves) await served.stop();
  });

  it('warns that an http address on another computer is not encrypted, before adding it; loopback http and https stay silent', async () => {
    const home = tempHome('cs-new-user-');
    const clear = await runCli(home, ['servers', 'add', 'notes', '--url', 'http://notes.example.com/mcp']);
    expect(clear.code, clear.stderr).toBe(0);
    expect(clear.stdout).toContain('Added notes.');
    expect(clear.stderr).toContain('warning: http://notes.example.com is not encrypted (http): the tokens and secrets sent to it would travel in clear over the network. Use https:// if the service offers it.');
    const edited = await runCli(home, ['servers', 'edit', 'notes', '--url', 'http://10.1.2.3:8080/mcp']);
    expect(edited.code, edited.stderr).toBe(0);
    expect(edited.stderr).toContain('warning: http://10.1.2.3:8080 is not encrypted');
    for (const [name, url] of [['local', 'http://127.0.0.1:8080/mcp'], ['named', 'http://localhost:3000/mcp'], ['safe', 'https://notes.example.com/mcp']] as const) {
      const quiet = await runCli(home, ['servers', 'add', name, '--url', url]);
      expect(quiet.code, quiet.stderr).toBe(0);
      expect(quiet.stderr, url).not.toContain('warning');
    }
  });

  it('warns that an address on a port fetch blocks can never be reached, and still adds it', async () => {
    const home = tempHome('cs-new-user-');
    const blocked = await runCli(home, ['servers', 'add', 'x11', '--url', 'http://127.0.0.1:6000/mcp']);
    expect(blocked.code, blocked.stderr).toBe(0);
    expect(blocked.stdout).toContain('Added x11.');
    expect(blocked.stderr).toContain('warning: port 6000 of http://127.0.0.1:6000 is one fetch never connects to (the Fetch Standard blocks it), so the service cannot be reached there. Serve it on another port and use that one.');
    const edited = await runCli(home, ['servers', 'edit', 'x11', '--url', 'http://127.0.0.1:6001/mcp']);
    expect(edited.code, edited.stderr).toBe(0);
    expect(edited.stderr).not.toContain('warning');
    const back = await runCli(home, ['servers', 'edit', 'x11', '--url', 'https://mail.example.com:587/mcp']);
    expect(back.stderr).toContain('warning: port 587 of https://mail.example.com:587 is one fetch never connects to');
  });

  it('says where an option written before the command goes, naming the command typed, not another that takes it', async () => {
    const home = tempHome('cs-new-user-');
    const early = await runCli(home, ['--json', 'servers', 'list']);
    expect(early.code).toBe(2);
    expect(early.stderr).toContain('give it after the command, e.g. `connected-services servers list --json`');
    const group = await runCli(home, ['--json', 'agents', 'list']);
    expect(group.stderr).toContain('e.g. `connected-services agents list --json`');
  });

  it('labels a vault that keeps nothing past the command as such, not as a refusal, and says what to set', async () => {
    const home = tempHome('cs-new-user-');
    const set = await runCli(home, ['secrets', 'set', 'DEMO_TOKEN'], { env: MEMORY, input: 'x' });
    expect(set.code).toBe(4);
    expect(set.stderr).toContain('error [vault_memory_only]: The vault cannot keep secrets beyond this command (nothing was stored)');
    expect(set.stderr).not.toContain('[denied]');
    expect(set.stderr).toMatch(/hint: Set CONNECTED_SERVICES_PASSPHRASE/);
  });

  it('labels a call waiting for the person in the running app as waiting, with where to confirm it', async () => {
    const home = tempHome('cs-new-user-');
    const served = await startServe(home);
    serves.push(served);
    const call = await runCli(home, ['call', 'everything', 'echo', '{"message":"hi"}']);
    expect(call.code, call.stderr).toBe(4);
    expect(call.stderr).toMatch(/^error \[awaiting_confirmation\]: Waiting for confirmation in the app: /m);
    expect(call.stderr).toContain('Activity → Waiting for you');
    expect(call.stderr).not.toContain('[denied]');
    const json = await runCli(home, ['call', 'everything', 'echo', '{"message":"hi"}', '--json']);
    expect(JSON.parse(json.stderr)).toMatchObject({ error: { code: 'denied', data: { reason: 'awaiting_confirmation' } } });
    // A call that leaves out an argument the tool requires would fail once confirmed: refused now, nothing asked.
    const asked = ((await served.api('listConfirmations')).body.result as unknown[]).length;
    const bare = await runCli(home, ['call', 'everything', 'echo']);
    expect(bare.code, bare.stderr).toBe(2);
    expect(bare.stderr).toContain('error [invalid_input]: Tool "echo" of "everything" requires the argument "message", missing from this call; nothing was asked in the app');
    // So would arguments of the wrong type: checked against the listed schema, nothing asked.
    const typed = await runCli(home, ['call', 'everything', 'echo', '{"message":1}']);
    expect(typed.code, typed.stderr).toBe(2);
    expect(typed.stderr).toMatch(/error \[invalid_input\]: The arguments do not fit the input schema of tool "echo" of "everything" \(.*message.*\); nothing was asked in the app/);
    // A prompt the server does not list, likewise.
    const prompt = await runCli(home, ['prompt', 'everything', 'nosuch']);
    expect(prompt.code, prompt.stderr).toBe(3);
    expect(prompt.stderr).toContain('error [not_found]: "everything" has no prompt "nosuch"; nothing was asked in the app');
    expect(((await served.api('listConfirmations')).body.result as unknown[]).length).toBe(asked);
  }, 60_000);
});
