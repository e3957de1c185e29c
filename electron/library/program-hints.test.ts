import { describe, expect, it } from 'vitest';
import { programHint } from './program-hints';

describe("a hint in a program's words", () => {
  it('names the call a program makes for each command the hint names, between backquotes or not', () => {
    expect(programHint('run `connected-services connect files`')).toBe('run `cs.connect("files")`');
    expect(programHint('sign in again: `connected-services connect files --device` (or Sign in in the app)')).toBe('sign in again: `cs.connect("files")` (or Sign in in the app)');
    expect(programHint('run `connected-services tools files --refresh` to see what it offers now')).toBe('run `cs.connect("files")`, then `cs.listTools("files")` to see what it offers now');
    expect(programHint('`connected-services prompts files --json` shows it')).toBe('`cs.listPrompts("files")` shows it');
    expect(programHint('check it (`connected-services doctor --live`, which starts it)')).toBe('check it (`cs.api.doctor({ live: true })`, which starts it)');
    expect(programHint('enable it: connected-services servers enable files (or Enable in the app, or "enabled": true for "files" in mcp.json)')).toBe(
      'enable it: `cs.api.setServerEnabled({ name: "files", enabled: true })` (or Enable in the app, or "enabled": true for "files" in mcp.json)',
    );
    expect(programHint('store it: `connected-services secrets set GITHUB_TOKEN`')).toBe('store it: `cs.setSecret("GITHUB_TOKEN", value)`');
    expect(programHint('run `connected-services servers review files --refused` to see it')).toBe('run `cs.api.listRefused({ server: "files" })` to see it');
    expect(programHint('approve it: `connected-services servers approve files`')).toBe('approve it: `cs.approveServer("files")`');
    expect(programHint('Connect the client again: connected-services agents connect "reader" --client CLIENT')).toBe('Connect the client again: `cs.api.connectClient({ agent: "reader", client })`');
    expect(programHint('make them fit with connected-services agents set "reader" --for codex')).toBe('make them fit with `cs.updateAgent({ name: "reader", client: "codex" })`');
  });

  it("speaks of the call's timeoutMs, not of the command line's option", () => {
    expect(programHint("retry with a longer timeout (`call --timeout MS`, a program's timeoutMs), one its server's start fits in as well")).toBe(
      "retry with a longer timeout (the call's `timeoutMs`), one its server's start fits in as well",
    );
  });

  it('says the App API does what a command it does not know did, and leaves a hint without a command as it is', () => {
    expect(programHint('run `connected-services bridge status` for why')).toBe('run the same through the App API (`cs.api`) for why');
    const plain = 'raise "startupTimeoutMs" of "files" in mcp.json';
    expect(programHint(plain)).toBe(plain);
  });
});
