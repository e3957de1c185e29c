import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { CHUNK_DIR, CJS_DIR, cliBuildOptions, oneAjvProvider, pruneChunks, startUpInputs } from '../../build/cli-bundle.mjs';
import { sdkPackages } from '../support/sdk-ajv-packages';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The CLI's metafile as `npm run build` makes it, without writing anything. */
let built: Promise<Metafile> | undefined;
function cliMetafile(): Promise<Metafile> {
  built ??= buildMetafile();
  return built;
}

async function buildMetafile(): Promise<Metafile> {
  const options = cliBuildOptions({ bundle: true, platform: 'node', target: 'node20', logLevel: 'silent', absWorkingDir: root }, join(root, 'dist'));
  const result = await build({ ...options, write: false });
  return result.metafile;
}

/** What every command but a plain `serve` loads before it runs: the entry, then main.ts, which imports program.ts for them. */
function commandStartUp(metafile: Metafile): string[] {
  return [...startUpInputs(metafile), ...startUpInputs(metafile, 'cli-main.mjs', ['electron/cli/program.ts'])];
}

/** What a plain `serve` loads before it runs: main.ts's graph (from the CommonJS copy of the same chunks, electron/cli/code-cache). */
function serveStartUp(metafile: Metafile): string[] {
  return startUpInputs(metafile, 'cli-main.mjs');
}

// What `status`, `servers list` and `tools` load before they run: a timing-free guard for their start-up
// (the bench's `cli` step times them). A module listed here that a static import brings back fails it.
describe('the CLI bundle', () => {
  it('loads neither the MCP SDK client or server nor zod translations or unused parts at start-up, and ships one zod', async () => {
    const metafile = await cliMetafile();
    const startUp = commandStartUp(metafile);
    expect(startUp).toContain('electron/cli/main.ts');
    // What the bundle holds (esbuild lists every file it read, also those whose code was all shaken out).
    const everything = Object.values(metafile.outputs).flatMap((output) => Object.entries(output.inputs).filter(([, { bytesInOutput }]) => bytesInOutput > 0).map(([input]) => input));
    // The SDKs are inlined (one zod for their schemas and ours), their clients and servers behind import():
    // v2's client for the pool, v2's server for the bridge (both eras); SDK 1.x is a test dependency only (issue #30).
    expect(everything.some((input) => input.startsWith('node_modules/@modelcontextprotocol/client/dist/'))).toBe(true);
    expect(everything.some((input) => input.startsWith('node_modules/@modelcontextprotocol/server/dist/'))).toBe(true);
    expect(everything.filter((input) => input.startsWith('node_modules/@modelcontextprotocol/sdk/'))).toEqual([]);
    expect(startUp.filter((input) => /@modelcontextprotocol\/sdk\/dist\/esm\/(client|server)\//.test(input))).toEqual([]);
    expect(startUp.filter((input) => /@modelcontextprotocol\/(client|server|core)\/dist\//.test(input))).toEqual([]);
    expect(everything.filter((input) => /zod\/v4\/locales\/(?!en\.js|index\.js)/.test(input))).toEqual([]);
    // zod's members are shaken out (its ahead-of-time compiler and JSON Schema reader are never used here).
    expect(everything.filter((input) => /zod\/v4\/(core\/compile|classic\/from-json-schema)\.js$/.test(input))).toEqual([]);
  }, 60_000);

  // Every command runs this start-up graph (`serve` a part of it, below) before it listens or reads.
  it("keeps the SDK's types.js (its zod schemas) out of start-up: it loads with the first connection or session", async () => {
    const metafile = await cliMetafile();
    const startUp = commandStartUp(metafile);
    expect(startUp).toContain('electron/cli/commands/status.ts');
    expect(startUp).toContain('electron/cli/commands/serve.ts');
    expect(startUp).toContain('electron/pool/map-error.ts');
    expect(startUp).toContain('electron/bridge/http-endpoint.ts');
    expect(startUp.filter((input) => /@modelcontextprotocol\/sdk\/dist\/esm\/(types|shared\/stdio|shared\/protocol)\.js$/.test(input))).toEqual([]);
  }, 60_000);

  it('keeps the auth coordinator (flows, discovery, refresh) and openid-client (with oauth4webapi and jose) out of start-up: they load with the first sign-in, auth status, refresh or revocation', async () => {
    const metafile = await cliMetafile();
    const everything = Object.values(metafile.outputs).flatMap((output) => Object.keys(output.inputs));
    const coordinator = /electron\/auth\/(coordinator|token-manager|connect|flows|discovery|fetch-for|client-identity|loopback-listener)\.ts$/;
    expect(everything.filter((input) => coordinator.test(input)).length).toBe(8);
    expect(everything).toContain('electron/auth/lazy-coordinator.ts');
    for (const startUp of [commandStartUp(metafile), serveStartUp(metafile)]) {
      expect(startUp).toContain('electron/auth/lazy-coordinator.ts');
      expect(startUp.filter((input) => coordinator.test(input))).toEqual([]);
      expect(startUp.filter((input) => /node_modules\/(openid-client|oauth4webapi|jose)\//.test(input))).toEqual([]);
    }
  }, 60_000);

  it('starts a plain `serve` without commander or the other commands (main.ts reads its arguments itself)', async () => {
    const metafile = await cliMetafile();
    const serve = serveStartUp(metafile);
    expect(serve).toContain('electron/cli/commands/serve.ts');
    expect(serve).toContain('electron/bridge/http-endpoint.ts');
    expect(serve.filter((input) => /node_modules\/commander\//.test(input))).toEqual([]);
    // serve's own files (serve.ts, serve-*.ts) load with it; no other command's.
    expect(serve.filter((input) => /electron\/cli\/(program|commands\/(?!serve(?:-[\w-]+)?\.ts)[^/]+)\.ts$/.test(input))).toEqual([]);
    // Asking at the terminal (readline) loads only with `serve --confirm-at-terminal`.
    expect(serve.filter((input) => /electron\/cli\/(prompt|terminal-asks|terminal-confirmations|ask-prompt)\.ts$/.test(input))).toEqual([]);
    expect(commandStartUp(metafile).filter((input) => /node_modules\/commander\//.test(input)).length).toBeGreaterThan(0);
    // The MCP Registry (its server.json schemas) loads with the first catalog read (app/servers/registry-api.ts).
    expect(serve.filter((input) => input.startsWith('electron/mcp-registry/'))).toEqual([]);
  }, 60_000);
});

describe('the entry and the CommonJS copy', () => {
  it('keeps the entry (dist/cli.mjs) to itself, the code cache and the data folder: main.ts and the rest load after it chooses how', async () => {
    const metafile = await cliMetafile();
    const entry = startUpInputs(metafile);
    expect(entry.filter((input) => !/^electron\/(cli\/(entry|drain-output|code-cache\/[\w-]+)|data-dir\/[\w-]+)\.ts$/.test(input))).toEqual([]);
    expect(entry).toContain('electron/cli/code-cache/chunk-loader.ts');
  }, 60_000);

  it('copies main and every chunk of the build (dist/) as CommonJS, each named in the manifest with its SHA-256, requiring the copies', () => {
    const dir = join(root, 'dist', CJS_DIR);
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Record<string, string>;
    const builds = JSON.parse(readFileSync(join(root, 'dist', CHUNK_DIR, 'builds.json'), 'utf8')) as string[][];
    const chunks = (builds[0] ?? []).filter((name) => name.endsWith('.mjs')).map((name) => name.replace(/\.mjs$/, '.cjs'));
    expect(Object.keys(manifest).sort()).toEqual(['cli-main.cjs', ...chunks].sort());
    for (const [name, digest] of Object.entries(manifest)) {
      const code = readFileSync(join(dir, name), 'utf8');
      expect(createHash('sha256').update(code).digest('hex'), name).toBe(digest);
      // Another module instance (an ES module chunk beside its copy) would split state: no import of a chunk is left.
      expect(code, name).not.toMatch(/["']\.\.?\/[^"']*\.mjs["']/);
      expect(code, name).not.toMatch(/\bimport\s*\(/);
    }
  });
});

describe('pruneChunks', () => {
  const metafileOf = (chunks: string[]): Metafile => ({
    inputs: {},
    outputs: Object.fromEntries(['dist/cli.mjs', ...chunks.map((c) => `dist/${CHUNK_DIR}/${c}`)].map((file) => [file, { imports: [], exports: [], inputs: {}, bytes: 0 }])),
  });

  it("keeps the chunks of the last five builds (a running serve loads its own later) and deletes older ones", () => {
    const dist = mkdtempSync(join(tmpdir(), 'cs-chunks-'));
    const dir = join(dist, CHUNK_DIR);
    mkdirSync(dir);
    for (let build = 1; build <= 7; build++) {
      const chunk = `chunk-${build}.mjs`;
      writeFileSync(join(dir, chunk), '');
      writeFileSync(join(dir, `${chunk}.map`), '');
      pruneChunks(metafileOf([chunk]), dist);
    }
    expect(readdirSync(dir).sort()).toEqual(
      ['builds.json', ...[3, 4, 5, 6, 7].flatMap((b) => [`chunk-${b}.mjs`, `chunk-${b}.mjs.map`])].sort(),
    );
  });
});

async function bundled(root: string): Promise<string> {
  const result = await build({ absWorkingDir: root, entryPoints: ['entry.mjs'], bundle: true, format: 'esm', platform: 'node', write: false, logLevel: 'silent', plugins: [oneAjvProvider] });
  return result.outputFiles[0]?.text ?? '';
}

describe('oneAjvProvider', () => {
  const provider = (marker: string): string => `class AjvJsonSchemaValidator { kind = t("${marker}"); }\nexport { AjvJsonSchemaValidator as n };`;

  it("bundles the client package's Ajv provider once when the server's is the same code but for its chunk names", async () => {
    const text = await bundled(sdkPackages(provider('the provider'), provider('the provider')));
    expect(text.match(/the provider/g)).toHaveLength(1);
  });

  it('keeps both when they differ (an SDK release where the two packages part ways)', async () => {
    const text = await bundled(sdkPackages(provider('client provider'), provider('server provider')));
    expect(text).toContain('client provider');
    expect(text).toContain('server provider');
  });

  it('ships one Ajv provider in the CLI bundle (ajv and ajv-formats, ~150 KB minified)', async () => {
    const metafile = await cliMetafile();
    const providers = Object.values(metafile.outputs).flatMap((output) =>
      Object.entries(output.inputs).filter(([input, { bytesInOutput }]) => /@modelcontextprotocol\/(client|server)\/dist\/ajvProvider-/.test(input) && bytesInOutput > 10_000),
    );
    expect(providers.map(([input]) => input)).toEqual([expect.stringMatching(/@modelcontextprotocol\/client\/dist\/ajvProvider-/)]);
  }, 60_000);
});
