import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEEP_LINK_SCHEME } from '../../electron/shell/app-identity';
import { shellPaths } from '../../electron/shell/shell-paths';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string): unknown => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8'));

const BuilderSchema = z.looseObject({
  files: z.array(z.string()),
  asar: z.literal(true),
  asarUnpack: z.array(z.string()),
  npmRebuild: z.literal(false),
  electronFuses: z.record(z.string(), z.boolean()),
  protocols: z.array(z.object({ name: z.string(), schemes: z.array(z.string()) })),
  linux: z.looseObject({ target: z.array(z.string()), icon: z.string() }),
  mac: z.looseObject({ target: z.array(z.string()), icon: z.string() }),
  win: z.looseObject({ target: z.array(z.string()), icon: z.string() }),
});
const config = BuilderSchema.parse(read('build/electron-builder.json'));

/** Every file under `dir`, relative to the repository root, with forward slashes. */
function filesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(path.join(ROOT, file));
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('electron-builder configuration', () => {
  it('flips the fuses that keep the packaged binary from running as Node or loading other code', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('builds AppImage and deb, dmg, and nsis', () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.mac.target).toEqual(['dmg']);
    expect(config.win.target).toEqual(['nsis']);
  });

  it('unpacks every native file of @napi-rs/keyring from the asar archive', () => {
    const natives = readdirSync(path.join(ROOT, 'node_modules/@napi-rs'))
      .filter((name) => name.startsWith('keyring-'))
      .flatMap((name) => filesUnder(`node_modules/@napi-rs/${name}`))
      .filter((file) => file.endsWith('.node'));
    expect(natives.length).toBeGreaterThan(0);
    for (const file of natives) expect(config.asarUnpack.some((pattern) => path.matchesGlob(file, pattern)), file).toBe(true);
  });

  it('packs the bundled entries the shell loads, and registers the deep-link scheme', () => {
    const pkg = z.object({ main: z.string() }).parse(read('package.json'));
    const paths = shellPaths('.', '/data');
    const shipped = [pkg.main, paths.preload, paths.passphrasePreload, paths.keychainHelper, path.join(paths.rendererRoot, 'index.html')].map((file) =>
      path.normalize(file).split(path.sep).join('/'),
    );
    for (const file of shipped) {
      expect(config.files.some((pattern) => !pattern.startsWith('!') && path.matchesGlob(file, pattern)), file).toBe(true);
      expect(config.files.some((pattern) => pattern.startsWith('!') && path.matchesGlob(file, pattern.slice(1))), file).toBe(false);
      // Built by `npm run build` before the tests (global setup).
      expect(existsSync(path.join(ROOT, file)), file).toBe(true);
    }
    expect(config.protocols.flatMap((p) => p.schemes)).toEqual([DEEP_LINK_SCHEME]);
  });

  it('has the icons it names', () => {
    expect(pngSize(config.mac.icon)).toEqual({ width: 1024, height: 1024 });
    expect(pngSize(config.win.icon)).toEqual({ width: 1024, height: 1024 });
    const linux = readdirSync(path.join(ROOT, config.linux.icon)).filter((name) => name.endsWith('.png'));
    expect(linux).toContain('512x512.png');
    for (const name of linux) {
      const [width, height] = name.replace('.png', '').split('x').map(Number);
      expect(pngSize(`${config.linux.icon}/${name}`)).toEqual({ width, height });
    }
  });
});
