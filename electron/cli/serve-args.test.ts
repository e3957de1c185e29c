import { describe, expect, it } from 'vitest';
import { plainServe } from './serve-args';

describe('plainServe', () => {
  it("reads serve's options in both forms, and --home before serve", () => {
    expect(plainServe(['--home', '/data', 'serve', '--port', '0', '--bridge-port=4100', '--json', '--print-url'])).toEqual({
      globals: { home: '/data' },
      options: { port: 0, bridgePort: 4100, json: true, printUrl: true },
    });
    expect(plainServe(['--home=/data', 'serve', '--open-with', 'xdg-open', '--confirm-at-terminal'])).toEqual({
      globals: { home: '/data' },
      options: { openWith: 'xdg-open', confirmAtTerminal: true },
    });
    expect(plainServe(['serve'])).toEqual({ globals: {}, options: {} });
    expect(plainServe(['serve', '--ui-link', '--json'])).toEqual({ globals: {}, options: { uiLink: true, json: true } });
  });

  it('leaves everything else to commander', () => {
    for (const args of [
      [],
      ['status'],
      ['serve', '--help'],
      ['serve', '-h'],
      ['--version'],
      ['serve', '--verbose'],
      ['serve', 'extra'],
      ['serve', '--port'],
      ['serve', '--port', 'abc'],
      ['serve', '--port', '70000'],
      ['serve', '--port', '-1'],
      ['serve', '--json=yes'],
      ['serve', '--home', '/data'],
      ['--home', 'serve'],
      ['--home=', 'serve'],
      ['--json', 'serve'],
      ['serve', 'serve'],
    ]) {
      expect(plainServe(args), args.join(' ')).toBeUndefined();
    }
  });
});
