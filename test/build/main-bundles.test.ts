import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { libraryOptions, shellMainOptions } from '../../build/main-bundles.mjs';
import { oneAjvImport } from '../../build/one-ajv-import.mjs';
import { sdkPackages } from '../support/sdk-ajv-packages';

const root = fileURLToPath(new URL('../..', import.meta.url));
const common = { bundle: true, platform: 'node', target: 'node20', packages: 'external', logLevel: 'silent', absWorkingDir: root, metafile: true, write: false } as const;

/** The SDK validators a bundle imports from node_modules: each one's Ajv provider is a copy of Ajv loaded at run time. */
function ajvImports(metafile: Metafile): string[] {
  const paths = Object.values(metafile.outputs).flatMap((output) => output.imports.filter((imported) => imported.external).map((imported) => imported.path));
  return [...new Set(paths.filter((path) => /\/validators\/ajv$/.test(path)))].sort();
}

// The desktop app's main process and a program using the library run the pool (the client's validator)
// and the bridge (the server's): packages load from node_modules, so two imports were two copies of Ajv.
describe('the bundles that load packages from node_modules', () => {
  it("import one SDK validator, the client package's, in the desktop app's main bundle and in the library", async () => {
    for (const options of [shellMainOptions(common), libraryOptions(common)]) {
      const { metafile } = await build(options);
      expect({ entry: options.entryPoints, imports: ajvImports(metafile) }).toEqual({ entry: options.entryPoints, imports: ['@modelcontextprotocol/client/validators/ajv'] });
    }
  }, 120_000);

  it("keeps the library's class names, which a program's uncaught error prints", async () => {
    const { outputFiles } = await build({ ...libraryOptions(common), metafile: false });
    const text = outputFiles?.map((file) => file.text).join('\n') ?? '';
    // esbuild renames a class to keep its bundle's names apart, and with keepNames says its own name again.
    expect(text).toMatch(/class _?CodedError extends Error \{\s*static \{\s*__name\(this, "CodedError"\)|class CodedError extends Error/);
  }, 120_000);

  const provider = (marker: string): string => `class AjvJsonSchemaValidator { kind = t("${marker}"); }\nexport { AjvJsonSchemaValidator as n };`;
  const imports = async (dir: string): Promise<string[]> => {
    const { metafile } = await build({ ...common, absWorkingDir: dir, entryPoints: ['entry.mjs'], plugins: [oneAjvImport] });
    return ajvImports(metafile);
  };

  it("imports the client's validator for the server's when the two are the same code but for their chunk names", async () => {
    expect(await imports(sdkPackages(provider('the provider'), provider('the provider')))).toEqual(['@modelcontextprotocol/client/validators/ajv']);
  });

  it('keeps both when they differ (an SDK release where the two packages part ways)', async () => {
    expect(await imports(sdkPackages(provider('client provider'), provider('server provider')))).toEqual([
      '@modelcontextprotocol/client/validators/ajv',
      '@modelcontextprotocol/server/validators/ajv',
    ]);
  });
});
