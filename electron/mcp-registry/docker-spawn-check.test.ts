import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dockerMountSpecs, dockerSpawnRefusal } from './docker-spawn-check';
import { mountHost } from './docker-mounts';

describe('dockerMountSpecs', () => {
  it('reads mounts as docker does: long, inline, attached, bundled', () => {
    expect(dockerMountSpecs(['run', '--volume=/a:/x', '--volume', '/b:/x', '-v/c:/x', '-v=/d:/x', '-itv', '/e:/x', '--mount', 'type=bind,src=/f,dst=/x', '-e', '-v', 'img'])).toEqual([
      { flag: '--volume', spec: '/a:/x' }, { flag: '--volume', spec: '/b:/x' }, { flag: '--volume', spec: '/c:/x' },
      { flag: '--volume', spec: '/d:/x' }, { flag: '--volume', spec: '/e:/x' }, { flag: '--mount', spec: 'type=bind,src=/f,dst=/x' },
    ]);
  });

  it('reads none after the image: those are the server\'s own arguments', () => {
    expect(dockerMountSpecs(['run', '-i', '--rm', '-v', '/a:/x', 'img:1', '-v', '/etc', '--mount', 'src=/'])).toEqual([{ flag: '--volume', spec: '/a:/x' }]);
  });
});

describe.skipIf(process.platform === 'win32')('dockerSpawnRefusal, with real links in a temp home', () => {
  let root: string;
  let home: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'cs-spawn-check-'));
    home = join(root, 'home');
    mkdirSync(join(home, 'work', 'data'), { recursive: true });
    mkdirSync(join(home, '.ssh'));
    mkdirSync(join(root, 'outside'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  const swap = (to: string): void => {
    rmSync(join(home, 'work', 'data'), { recursive: true });
    symlinkSync(to, join(home, 'work', 'data'));
  };
  const docker = (args: string[], fromRegistry?: string) => ({ command: 'docker', args: ['run', '-i', '--rm', ...args, 'img:1'], ...(fromRegistry ? { fromRegistry } : {}) });

  it('lets a real folder through, then refuses it once it is a link to /, naming both and the fix', () => {
    const entry = docker([`--volume=${home}/work/data:/data`], 'io.github.acme/box');
    expect(dockerSpawnRefusal('box', entry, mountHost(home))).toBeUndefined();
    swap('/');
    const refusal = dockerSpawnRefusal('box', entry, mountHost(home));
    expect(refusal?.code).toBe('denied');
    expect(refusal?.message).toBe(`"box" was not started: its docker mount ${home}/work/data now leads to /, outside the home folder (a symbolic link has taken the folder's place), so docker was not run.`);
    expect(refusal?.hint).toContain(`ls -l ${home}/work/data`);
    expect(refusal?.data).toEqual({ server: 'box', path: `${home}/work/data`, leadsTo: '/' });
  });

  it('refuses a --mount source and a path below the link too, in any docker entry', () => {
    swap('/etc');
    expect(dockerSpawnRefusal('mine', docker(['--mount', `type=bind,source=${home}/work/data,target=/d`]), mountHost(home))?.message).toContain('now leads to /etc');
    expect(dockerSpawnRefusal('mine', docker(['-v', `${home}/work/data/ssl:/d`]), mountHost(home))?.message).toContain('now leads to /etc/ssl');
    expect(dockerSpawnRefusal('mine', { command: '/usr/local/bin/docker', args: ['run', '-v', `${home}/work/data:/d`, 'i'] }, mountHost(home))).toBeDefined();
  });

  it("keeps a person's own mount of a folder outside home, or a hidden one, working", () => {
    expect(dockerSpawnRefusal('mine', docker(['-v', `${root}/outside:/data`, '-v', `${home}/.ssh:/s`, '-v', '/:/host']), mountHost(home))).toBeUndefined();
  });

  it('re-checks a registry entry as when it was added: a link to a hidden folder of home is refused', () => {
    const entry = docker([`--volume=${home}/work/data:/data`], 'io.github.acme/box');
    swap(join(home, '.ssh'));
    const refusal = dockerSpawnRefusal('box', entry, mountHost(home));
    expect(refusal?.message).toContain('from the registry, is no longer accepted');
    expect(refusal?.message).toContain('a hidden folder of the home folder');
    expect(refusal?.hint).toContain('servers remove box');
    // The same mount in a person's own entry stays inside home: it starts.
    expect(dockerSpawnRefusal('mine', docker([`--volume=${home}/work/data:/data`]), mountHost(home))).toBeUndefined();
  });

  it("starts a registry entry whose server takes `-v PATH` after the image (the server's argument, not a mount)", () => {
    swap('/');
    const entry = { command: 'docker', args: ['run', '-i', '--rm', 'img:1', '-v', '/etc', '--volume', `${home}/work/data:/d`], fromRegistry: 'io.github.acme/box' };
    expect(dockerSpawnRefusal('box', entry, mountHost(home))).toBeUndefined();
  });

  it("resolves a relative source against the entry's cwd (else the core's own), as docker does, and checks it the same way", () => {
    const relative = [['-v', './data:/d'], ['--mount', 'type=bind,source=data,target=/d'], ['--mount', '"type=bind","src=./data/../data"']];
    for (const args of relative) expect(dockerSpawnRefusal('mine', { ...docker(args), cwd: join(home, 'work') }, mountHost(home))).toBeUndefined();
    swap('/etc');
    for (const args of relative) {
      expect(dockerSpawnRefusal('mine', { ...docker(args), cwd: join(home, 'work') }, mountHost(home))?.message).toContain(`its docker mount ${home}/work/data now leads to /etc`);
    }
    // No cwd: docker runs in the core's folder; a relative cwd is taken from there too.
    expect(dockerSpawnRefusal('mine', docker(['-v', '../work/data:/d']), mountHost(home), join(home, 'work'))?.data).toEqual({ server: 'mine', path: `${home}/work/data`, leadsTo: '/etc' });
    expect(dockerSpawnRefusal('mine', { ...docker(['-v', './data:/d']), cwd: 'work' }, mountHost(home), home)?.message).toContain('now leads to /etc');
  });

  it('takes no volume name, volume-type source or anonymous volume for a folder', () => {
    swap('/');
    const cwd = join(home, 'work');
    expect(dockerSpawnRefusal('mine', { ...docker(['-v', 'data:/d', '--mount', 'source=data,target=/e', '-v', `${home}/work/data`]), cwd }, mountHost(home))).toBeUndefined();
  });

  it('leaves other commands alone', () => {
    swap('/');
    expect(dockerSpawnRefusal('node', { command: 'node', args: ['-v', `${home}/work/data:/d`] }, mountHost(home))).toBeUndefined();
  });
});
