import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dockerArguments } from './docker-arguments';
import { csvFields, mountHost } from './docker-mounts';

// Refusals below are of the path as written; a folder that is accepted must exist (docker-mounts.test.ts), so those use a real one.
const HOME = '/home/me';
const top = realpathSync(mkdtempSync(join(tmpdir(), 'cs-docker-args-')));
const REAL = join(top, 'me');
for (const folder of ['notes', 'p', 'x', 'ok']) mkdirSync(join(REAL, folder), { recursive: true });
afterAll(() => rmSync(top, { recursive: true, force: true }));

describe('dockerArguments', () => {
  it('keeps listed flags inside the container and folders inside the home folder, each written out as --flag=value', () => {
    const args = ['-e', 'LOG=debug', '--init', '--network', 'none', '-v', `${REAL}/notes:/data`, '--mount', `type=bind,source=${REAL}/p,target=/p`, '-v', 'cache:/cache', '-it', '--rm=false', '--net=bridge', '-v', '/scratch'];
    expect(dockerArguments(args, mountHost(REAL))).toEqual([
      '--env=LOG=debug', '--init', '--network=none', `--volume=${REAL}/notes:/data`, `--mount=type=bind,source=${REAL}/p,target=/p`,
      '--volume=cache:/cache', '--interactive', '--tty', '--rm=false', '--network=bridge', '--volume=/scratch',
    ]);
  });

  it('reads a short flag with its value attached, after =, or after bundled switches, as docker does', () => {
    expect(dockerArguments(['-eA=1', '-e=B=2', `-itv${REAL}/x:/x`, '-iu', '1000'], mountHost(REAL))).toEqual(['--env=A=1', '--env=B=2', '--interactive', '--tty', `--volume=${REAL}/x:/x`, '--interactive', '--user=1000']);
  });

  it.each([
    // flags that are not on the list, however they are written
    ['--privileged'], ['--privileged=true'], ['--cap-add', 'SYS_ADMIN'], ['--cap-add=ALL'], ['--device', '/dev/sda'], ['--pid', 'host'], ['--security-opt', 'seccomp=unconfined'],
    ['--entrypoint', 'sh'], ['--env-file', '/home/me/.aws/credentials'], ['-p', '8080:80'], ['--gpus', 'all'], ['-d'], ['--volumes-from=other'], ['-itP'],
    // a word before the image would be taken as the image
    ['other/image:1', 'sh'], ['--'], ['-'], [''],
    ['--network', 'host'], ['--net=host'], ['--network=container:db'], ['--rm=yes'], ['-i=maybe'], ['-v'], ['--mount'],
    // host folders outside the home folder, the home folder itself, hidden folders in it, paths relative to the working folder
    ['-v', '/:/host'], ['--volume=/etc:/etc'], ['-v', '/var/run/docker.sock:/var/run/docker.sock'], ['-v', '/home/me:/h'], ['-v', '/home:/h'], ['-v', '/home/me/../..:/x'],
    ['-v', '/usr/bin:/b'], ['-v', '/tmp:/t'], ['-v', '/home/me/.ssh:/s'], ['-v', '/home/me/.docker/run/docker.sock:/d'], ['-v', '.:/w'], ['-v', '../x:/w'], ['-v', '~/x:/w'], ['-v', 'C:\\Users\\me:/h'],
    // the reviewer's forms: value attached, bundled, =
    ['-v/:/host'], ['-iv/:/h'], ['-itv', '/:/host'], ['-v=/:/host'], ['-iv=/etc:/e'],
    // --mount as docker's CSV reader sees it: quotes removed, keys in any case
    ['--mount', 'type=bind,src=/,dst=/host'], ['--mount', 'type=bind,"source=/var/run/docker.sock",target=/d'], ['--mount=type=bind,SOURCE=/etc,target=/e'],
['--mount', 'type=bind, source=/,target=/d'], ['--mount', 'type=bind,source=relative,target=/d'],
    ['--mount', 'type=volume,volume-opt=device=/,volume-opt=o=bind,volume-opt=type=none,dst=/host'], ['--mount', 'type=volume,volume-driver=x,src=v,dst=/v'],
    ['--mount', 'type=image,source=other,target=/i'], ['--mount', 'type=bind,source=/home/me/x"y,target=/d'], ['--mount', 'type=bind,target=/d\nsource=/'],
  ])('refuses %j', (...args) => {
    expect(() => dockerArguments(args, mountHost(HOME))).toThrow(/docker to run with .* which is not accepted/);
  });

  it('refuses a second source after an accepted one', () => {
    expect(() => dockerArguments(['--mount', `type=bind,"src=${REAL}/ok","src=/",target=/d`], mountHost(REAL))).toThrow(/which is not accepted: only a folder inside the home folder/);
  });

  it('says which flags it takes when one is not among them', () => {
    expect(() => dockerArguments(['--privileged'], mountHost(HOME))).toThrow(/only --interactive, --tty, --rm.* are accepted/);
  });
});

describe('csvFields (docker --mount)', () => {
  it('reads quoted fields, commas and doubled quotes inside them, as Go encoding/csv does', () => {
    expect(csvFields('type=bind,"source=/a,b",target=/d')).toEqual(['type=bind', 'source=/a,b', 'target=/d']);
    expect(csvFields('"a""b",c,')).toEqual(['a"b', 'c', '']);
  });
  it.each(['a"b', '"a"b', '"unclosed', 'a\nb'])('refuses %j, which docker cannot read either', (text) => {
    expect(csvFields(text)).toBeUndefined();
  });
});

describe('dockerArguments refusals', () => {
  it('quote the arguments as the registry entry gave them', () => {
    expect(() => dockerArguments(['-v', '/:/host'], mountHost(HOME))).toThrow('asks docker to run with "-v /:/host", which is not accepted: only a folder inside the home folder');
    expect(() => dockerArguments(['-iv/:/h'], mountHost(HOME))).toThrow('asks docker to run with "-iv/:/h"');
  });
});
