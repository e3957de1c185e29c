import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A project copy whose `electron` package has an installer we control. */
function projectWithElectron(installer: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'cs-install-'));
  mkdirSync(join(dir, 'build'));
  cpSync(join(root, 'build', 'postinstall.mjs'), join(dir, 'build', 'postinstall.mjs'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'connected-services', type: 'module' }));
  const electron = join(dir, 'node_modules', 'electron');
  mkdirSync(electron, { recursive: true });
  writeFileSync(join(electron, 'package.json'), JSON.stringify({ name: 'electron', version: '0.0.0' }));
  writeFileSync(join(electron, 'install.js'), installer);
  return dir;
}

function runPostinstall(dir: string) {
  const env = { ...process.env };
  delete env['ELECTRON_SKIP_BINARY_DOWNLOAD'];
  return spawnSync(process.execPath, [join(dir, 'build', 'postinstall.mjs')], { cwd: dir, env, encoding: 'utf8' });
}

describe('postinstall', () => {
  it('succeeds with one clear line when Electron cannot download its binary', () => {
    const dir = projectWithElectron(`console.error('RequestError: getaddrinfo ENOTFOUND github.com'); process.exit(1);`);
    const result = runPostinstall(dir);
    expect(result.status).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("Electron's binary could not be downloaded (RequestError: getaddrinfo ENOTFOUND github.com)");
    expect(lines[0]).toContain('npm start');
  });

  it('is silent when the download works', () => {
    const result = runPostinstall(projectWithElectron('process.exit(0);'));
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('');
  });

  it("keeps Electron's own install script denied so npm install cannot fail on it", async () => {
    const { default: manifest } = (await import('../../package.json', { with: { type: 'json' } })) as {
      default: { allowScripts: Record<string, boolean>; scripts: Record<string, string> };
    };
    expect(manifest.allowScripts['electron']).toBe(false);
    expect(manifest.scripts['postinstall']).toBe('node build/postinstall.mjs');
  });

  it('names every package with an install script in allowScripts, so `npm install` ends without an install-scripts warning', async () => {
    const { default: manifest } = (await import('../../package.json', { with: { type: 'json' } })) as { default: { allowScripts: Record<string, boolean> } };
    const { default: lock } = (await import('../../package-lock.json', { with: { type: 'json' } })) as {
      default: { packages: Record<string, { hasInstallScript?: boolean }> };
    };
    const withScripts = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && entry.hasInstallScript === true)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(withScripts.length).toBeGreaterThan(0);
    expect(withScripts.filter((name) => !(name in manifest.allowScripts))).toEqual([]);
  });
});
