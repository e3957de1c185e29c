import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dockerArguments } from './docker-arguments';
import { mountHost } from './docker-mounts';

// Real links in a real home folder: docker's mount follows them, so the check must too.
let top: string;
let home: string;
let work: string;

beforeAll(() => {
  top = realpathSync(mkdtempSync(join(tmpdir(), 'cs-docker-links-')));
  home = join(top, 'me');
  work = join(home, 'work');
  for (const folder of ['work/data', '.ssh', 'other']) mkdirSync(join(home, folder), { recursive: true });
  writeFileSync(join(work, 'notes.txt'), 'notes');
  const links: [string, string][] = [
    ['root', '/'], ['etc', '/etc'], ['sock', '/var/run/docker.sock'], ['up', '..'], ['out', '../../..'], ['home', home], ['keys', join(home, '.ssh')],
    ['chain', join(work, 'root')], ['inside', join(work, 'data')], ['sibling', '../other'], ['file', 'notes.txt'], ['loop', 'loop'], ['gone', join(home, 'not-yet')],
  ];
  for (const [name, target] of links) symlinkSync(target, join(work, name));
  symlinkSync(home, join(top, 'home-link'));
});
afterAll(() => rmSync(top, { recursive: true, force: true }));

const refused = (args: string[], host = mountHost(home)): string => {
  try {
    dockerArguments(args, host);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${args.join(' ')} was accepted`);
};

describe.skipIf(process.platform === 'win32')('docker mounts through symbolic links', () => {
  it('refuses a link in the home folder to / and names where it really points', () => {
    expect(refused(['-v', `${work}/root:/host`])).toContain(`${work}/root really is / (through a symbolic link): only a folder inside the home folder may be mounted`);
  });

  it.each([
    ['root', '/'], ['etc', '/etc'], ['up', 'the home folder'], ['out', 'the folder above it'], ['home', 'the home folder'], ['chain', 'a link to a link to /'],
  ])('refuses %s (%s) as -v, --mount source, src and a volume with a full path', (name) => {
    const source = `${work}/${name}`;
    for (const args of [['-v', `${source}:/h`], [`-v${source}/:/h`], ['--mount', `type=bind,source=${source},target=/h`], ['--mount', `type=bind,"src=${source}",dst=/h`], ['--mount', `type=volume,src=${source},dst=/h`]]) {
      expect(refused(args)).toMatch(/really is .* \(through a symbolic link\): only a folder inside the home folder/);
    }
  });

  it('refuses a folder under the link, not only the link itself', () => {
    expect(refused(['-v', `${work}/root/etc:/e`])).toContain(`${work}/root/etc really is /etc (through a symbolic link)`);
  });

  it('refuses a link to a hidden folder of the home folder', () => {
    expect(refused(['-v', `${work}/keys:/k`])).toContain(`really is ${home}/.ssh (through a symbolic link): a hidden folder of the home folder`);
  });

  it('refuses a link to something that does not exist, naming where it points', () => {
    expect(refused(['-v', `${work}/gone:/g`])).toContain(`${work}/gone leads through a symbolic link to ${home}/not-yet, which does not exist`);
    // The docker socket, where it is absent on this computer, is refused as well (where present: outside the home folder).
    expect(refused(['-v', `${work}/sock:/s`])).toMatch(/docker\.sock.*(which does not exist|only a folder inside the home folder)/);
  });

  it('refuses a path that does not exist yet: it could later be made a link out of the home folder', () => {
    expect(refused(['-v', `${work}/later:/l`])).toContain(`${work}/later does not exist; create the folder, then add the entry again`);
    expect(refused(['--mount', `type=bind,source=${work}/data/a/b,target=/l`])).toContain(`${work}/data/a/b does not exist`);
  });

  it('refuses a loop of links', () => {
    expect(refused(['-v', `${work}/loop:/l`])).toContain(`${work}/loop cannot be followed to a real folder (ELOOP)`);
  });

  it('accepts a link that stays inside the home folder, and a home folder that is itself behind a link, written out as given', () => {
    expect(dockerArguments(['-v', `${work}/inside:/d`, '-v', `${work}/sibling:/o`, '-v', `${work}/file:/n.txt`], mountHost(home))).toEqual([`--volume=${work}/inside:/d`, `--volume=${work}/sibling:/o`, `--volume=${work}/file:/n.txt`]);
    const linked = join(top, 'home-link');
    expect(dockerArguments(['--mount', `type=bind,source=${linked}/work/data,target=/d`], mountHost(linked))).toEqual([`--mount=type=bind,source=${linked}/work/data,target=/d`]);
  });
});

describe.skipIf(process.platform === 'win32')('docker mounts of system folders of the home folder', () => {
  let person: string;
  let data: string;
  beforeAll(() => {
    person = join(top, 'person');
    data = join(person, 'Library', 'Application Support', 'connected-services');
    for (const folder of ['Library/LaunchAgents', 'Library/Application Support/connected-services/bundles', 'AppData/Roaming', 'bin', 'go/bin', 'notes', 'cs/data']) mkdirSync(join(person, folder), { recursive: true });
  });

  it.each([
    ['Library/LaunchAgents', 'the user library'], ['Library/Application Support/connected-services', 'the user library'], ['Library', 'the user library'],
    ['AppData/Roaming', 'the app data folder'], ['bin', 'a folder of programs on PATH (~/bin)'],
  ])('refuses ~/%s', (folder, said) => {
    expect(refused(['-v', `${join(person, folder)}:/mnt`], mountHost(person, data, '/usr/bin'))).toContain(said);
  });

  it('refuses the data folder wherever it is, what is inside it and what holds it, and every folder on PATH in the home folder', () => {
    const host = mountHost(person, join(person, 'cs', 'data'), `/usr/bin:${join(person, 'go', 'bin')}:relative/bin`);
    for (const folder of ['cs/data', 'cs', 'go/bin', 'go']) {
      expect(refused(['--mount', `type=bind,source=${join(person, folder)},target=/d`], host)).toMatch(/is, holds or is inside .* \(the app's data folder or a folder of programs on PATH\)/);
    }
    expect(dockerArguments(['-v', `${join(person, 'notes')}:/n`], host)).toEqual([`--volume=${join(person, 'notes')}:/n`]);
  });
});
