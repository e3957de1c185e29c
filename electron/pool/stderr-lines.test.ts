import { describe, expect, it } from 'vitest';
import { meaningfulStderr } from './stderr-lines';

/** What Node 20 prints when a server's entry file is missing. */
const MISSING_MODULE = `node:internal/modules/cjs/loader:1228
  throw err;
  ^

Error: Cannot find module '/x/build/index.js'
    at Module._resolveFilename (node:internal/modules/cjs/loader:1225:15)
    at Module._load (node:internal/modules/cjs/loader:1051:27)
    at node:internal/main/run_main_module:28:49 {
  code: 'MODULE_NOT_FOUND',
  requireStack: []
}

Node.js v20.20.2
`;

describe('meaningfulStderr', () => {
  it("ends a Node crash with its error line: no version trailer, frames or the error's properties", () => {
    expect(meaningfulStderr(MISSING_MODULE)).toEqual(['node:internal/modules/cjs/loader:1228', '  throw err;', '  ^', "Error: Cannot find module '/x/build/index.js'"]);
  });

  it('keeps an error with a code, and leaves out the require stack under its message', () => {
    const crash = "Error: Cannot find module './piece'\nRequire stack:\n- /srv/index.js\n    at f (/srv/index.js:1:1) {\n  code: 'MODULE_NOT_FOUND'\n}\n\nNode.js v22.1.0\n";
    expect(meaningfulStderr(crash)).toEqual(["Error: Cannot find module './piece'"]);
    const typed = "/srv/a.js:3\nTypeError [ERR_INVALID_ARG_TYPE]: The \"path\" argument must be of type string\n    at g (/srv/a.js:3:9)\n\nNode.js v20.20.2";
    expect(meaningfulStderr(typed)).toEqual(['/srv/a.js:3', 'TypeError [ERR_INVALID_ARG_TYPE]: The "path" argument must be of type string']);
  });

  it('a thrown value that is no Error: everything before the frames, without the trailer', () => {
    expect(meaningfulStderr("/srv/a.js:1\nthrow 'no config';\n^\nno config\n(Use `node --trace-uncaught ...` to show where the exception was thrown)\n\nNode.js v20.20.2\n")).toEqual([
      '/srv/a.js:1',
      "throw 'no config';",
      '^',
      'no config',
      '(Use `node --trace-uncaught ...` to show where the exception was thrown)',
    ]);
  });

  it('any other output: its lines without blanks and stack frames, the last one kept', () => {
    expect(meaningfulStderr('starting\n\nlistening failed: EADDRINUSE\n    at x (y.js:1:1)\nbye\n')).toEqual(['starting', 'listening failed: EADDRINUSE', 'bye']);
  });
});
