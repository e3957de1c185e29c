import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { sameCode } from './cli-bundle.mjs';

const SERVER_AJV = '@modelcontextprotocol/server/validators/ajv';
const CLIENT_AJV = '@modelcontextprotocol/client/validators/ajv';

/** The file an ESM import of `@modelcontextprotocol/NAME/validators/ajv` loads from `from`, found as Node finds it (node_modules upwards, the package's exports). */
function validatorFile(name, from) {
  for (let dir = from; ; dir = dirname(dir)) {
    const root = join(dir, 'node_modules', '@modelcontextprotocol', name);
    if (existsSync(join(root, 'package.json'))) {
      const target = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).exports?.['./validators/ajv'];
      const file = typeof target === 'string' ? target : typeof target?.import === 'string' ? target.import : target?.import?.default;
      return typeof file === 'string' ? resolve(root, file) : undefined;
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * The desktop app's main bundle and the library load packages from node_modules, where the SDK's
 * client and server packages each hold the same Ajv provider (ajv and ajv-formats, ~290 KB): a
 * process with a server connection and an agent session loaded both. Their import of the server's
 * validator becomes the client's when the two are the same code but for their chunk names
 * (`sameCode`, as `oneAjvProvider` does for the CLI's bundle); if an SDK release makes them differ,
 * both stay (test/build/main-bundles.test.ts counts them).
 */
export const oneAjvImport = {
  name: 'one-sdk-ajv-import',
  setup(build) {
    build.onResolve({ filter: /^@modelcontextprotocol\/server\/validators\/ajv$/ }, async (args) => {
      const from = args.resolveDir || build.initialOptions.absWorkingDir || process.cwd();
      const server = validatorFile('server', from);
      const client = validatorFile('client', from);
      if (server === undefined || client === undefined || !(await sameCode(server, client))) return { path: SERVER_AJV, external: true };
      return { path: CLIENT_AJV, external: true };
    });
  },
};
