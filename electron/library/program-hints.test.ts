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

  it('names the calls for the commands of a rename, a reset of forgotten removals, an agent fit to a prefix length and a server edit', () => {
    expect(programHint('rename one of them in mcp.json (remove it and add it again under a name that differs in more than case: connected-services servers remove Files, then servers add)')).toBe(
      'rename one of them in mcp.json (remove it and add it again under a name that differs in more than case: `cs.removeServer("Files")`, then `cs.addServer(name, entry)`)',
    );
    expect(programHint('rename it to a name without "__" (connected-services servers remove a__b, then servers add a-b …)')).toBe(
      'rename it to a name without "__" (`cs.removeServer("a__b")`, then `cs.addServer("a-b", entry)`)',
    );
    expect(programHint('review what waits, then let pinning.acceptNewTools approve its new tools again: connected-services servers review files --reset-forgotten')).toBe(
      'review what waits, then let pinning.acceptNewTools approve its new tools again: `cs.api.reviewChanges({ name: "files", resetForgotten: true })`',
    );
    expect(programHint('(shown once; `connected-services agents rotate "reader"` gives a new one)')).toBe('(shown once; `cs.api.rotateAgent({ name: "reader" })` gives a new one)');
    expect(programHint('or set the client up by hand with `connected-services agents config`')).toBe('or set the client up by hand with `cs.api.agentConfig({ name })`');
    expect(programHint('make them fit with connected-services agents set "reader" --for 40')).toBe('make them fit with `cs.updateAgent({ name: "reader", client: 40 })`');
    expect(programHint(`move it from "args" to "env": connected-services servers edit files --env 'VARIABLE=\${secret:TOKEN}' -- the command without it`)).toBe(
      'move it from "args" to "env": `cs.updateServer("files", entry)`',
    );
  });

  it('words a command with no call as no command for a program to type', () => {
    expect(programHint('see them with connected-services servers prune-bundles --dry-run, then remove them with connected-services servers prune-bundles')).toBe(
      "see them with the command line's servers prune-bundles --dry-run, then remove them with its servers prune-bundles (a person's to run: the App API has no call for it)",
    );
    expect(programHint('the client starts `connected-services bridge --stdio --agent "reader"`, which reads it from the vault')).toBe('the client starts the stdio bridge for agent "reader", which reads it from the vault');
    expect(programHint('its headersHelper runs `connected-services bridge headers --agent "reader"`, which reads the token')).toBe('its headersHelper runs the headers helper for agent "reader", which reads the token');
    expect(programHint("A client's config runs `connected-services bridge --stdio` (or --agent NAME)")).toBe("A client's config runs the stdio bridge (or --agent NAME)");
    expect(programHint('Stop that process and start the app again (`connected-services serve`)')).toBe("Stop that process and start the app again (the command line's serve)");
  });

  // An unknown server's hint said "See the same through the App API (`cs.api`)", which names no method.
  it('names the calls that list servers, secrets, stores, clients and the registries, and that delete a secret', () => {
    expect(programHint('See `connected-services servers list`')).toBe('See `cs.listServers()`');
    expect(programHint('See `connected-services secrets stores`')).toBe('See `cs.listSecretStores()`');
    expect(programHint('see `connected-services secrets list`')).toBe('see `cs.listSecrets()`');
    expect(programHint('delete it: `connected-services secrets delete API_KEY --server files`')).toBe('delete it: `cs.deleteSecret("API_KEY", "files")`');
    expect(programHint('run `connected-services registry refresh` now')).toBe('run `cs.api.refreshRegistries()` now');
    expect(programHint('see `connected-services registry show io.github/x --registry other`')).toBe('see `cs.api.registryInstallOptions({ registry, name: "io.github/x" })`');
    expect(programHint('see `connected-services agents clients`')).toBe('see `cs.api.listClients()`');
    expect(programHint('run `connected-services agents disconnect a1 --client cursor`')).toBe('run `cs.api.disconnectClient({ agent: "a1", client: "cursor" })`');
  });

  // A stdio start's hint lost its URL: "then the same through the App API".
  it('names the call that adds a server by the URL the hint gives, shell-quoted or not', () => {
    expect(programHint('add it by its URL (`connected-services servers remove web`, then `connected-services servers add web --url http://localhost:3001/mcp`), or')).toBe(
      'add it by its URL (`cs.removeServer("web")`, then `cs.addServer("web", { type: "http", url: "http://localhost:3001/mcp" })`), or',
    );
    expect(programHint("then `connected-services servers add web --url 'http://[::1]:9/~me'`")).toBe('then `cs.addServer("web", { type: "http", url: "http://[::1]:9/~me" })`');
    expect(programHint('then connected-services servers add web --url http://127.0.0.1:8080), or')).toBe('then `cs.addServer("web", { type: "http", url: "http://127.0.0.1:8080" })`), or');
  });

  // `registry show ID@VERSION` became `cs.api.registryCatalog()`, which names no entry.
  it('keeps the entry a registry show names: its id in the call, a version outside the catalog in words', () => {
    expect(programHint('`connected-services registry show io.github/x` shows it')).toBe('`cs.api.registryInstallOptions({ registry, name: "io.github/x" })` shows it');
    expect(programHint('`connected-services registry show io.github/x@1.2.0 --registry other` fetches that version')).toBe(
      "the command line's registry show io.github/x@1.2.0 --registry other (a person's to run: the App API has no call for a version the catalog does not hold) fetches that version",
    );
  });

  it("names the bridge's answer for the command that says why it did not start", () => {
    expect(programHint('See `connected-services bridge status` for why; restart the app')).toBe('See `cs.api.bridgeInfo()` for why; restart the app');
  });

  it("speaks of the call's timeoutMs, not of the command line's option", () => {
    expect(programHint("retry with a longer timeout (`call --timeout MS`, a program's timeoutMs), one its server's start fits in as well")).toBe(
      "retry with a longer timeout (the call's `timeoutMs`), one its server's start fits in as well",
    );
  });

  it('says the App API does what a command it does not know did, and leaves a hint without a command as it is', () => {
    expect(programHint('run `connected-services import vscode` now')).toBe(
      'run the same through the App API (the `cs.api` method for it: see "The API and its review" in the package\'s docs/library.md) now',
    );
    const plain = 'raise "startupTimeoutMs" of "files" in mcp.json';
    expect(programHint(plain)).toBe(plain);
  });
});
