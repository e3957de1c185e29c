import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A node_modules with the two SDK packages' shapes: each validators/ajv.mjs imports its own ajvProvider-HASH.mjs. */
export function sdkPackages(clientProvider: string, serverProvider: string): string {
  const root = mkdtempSync(join(tmpdir(), 'cs-ajv-'));
  for (const [name, hash, provider] of [['client', 'AAAA1111', clientProvider], ['server', 'BBBB2222', serverProvider]] as const) {
    const dir = join(root, 'node_modules', '@modelcontextprotocol', name);
    mkdirSync(join(dir, 'dist', 'validators'), { recursive: true });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `@modelcontextprotocol/${name}`, type: 'module', exports: { './validators/ajv': './dist/validators/ajv.mjs' } }));
    writeFileSync(join(dir, 'dist', 'validators', 'ajv.mjs'), `import { n as AjvJsonSchemaValidator } from "../ajvProvider-${hash}.mjs";\nexport { AjvJsonSchemaValidator };\n`);
    writeFileSync(join(dir, 'dist', `chunk-${hash}.mjs`), 'const t = (x) => x;\nexport { t };\n');
    writeFileSync(join(dir, 'dist', `ajvProvider-${hash}.mjs`), `import { t } from "./chunk-${hash}.mjs";\n${provider}\n//# sourceMappingURL=ajvProvider-${hash}.mjs.map\n`);
  }
  writeFileSync(
    join(root, 'entry.mjs'),
    "import { AjvJsonSchemaValidator as A } from '@modelcontextprotocol/client/validators/ajv';\nimport { AjvJsonSchemaValidator as B } from '@modelcontextprotocol/server/validators/ajv';\nconsole.log(A === B);\n",
  );
  return root;
}

