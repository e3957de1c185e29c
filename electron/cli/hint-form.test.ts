import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CodedError } from '../../shared/errors';
import { hintText, printError } from './output';

const CLI_DIR = fileURLToPath(new URL('.', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The string literals a hint is written with: after `hint:` and in the branches of a ternary on that line. */
function hintLiterals(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => /\bhint\b|Hint\(|HINT/.test(line))
    .flatMap((line) => [...line.matchAll(/(?:\bhint: | \? | : | \?\? |return |HINT = )(['"`])((?:[^'"`\\]|\\.)+?)\1/g)].map((m) => m[2] ?? ''));
}

// One form for every hint the command line prints: a sentence, its first letter a capital ("Run …", "hint:").
describe('the form of the CLI hints', () => {
  it('every hint written in electron/cli starts with a capital, a quoted command or an option, never a small letter', () => {
    const small = sources(CLI_DIR).flatMap((file) =>
      hintLiterals(readFileSync(file, 'utf8'))
        .filter((literal) => /^[a-z]/.test(literal) && !/^[a-z]+(-[a-z]+)*$/.test(literal))
        .map((literal) => `${file.slice(CLI_DIR.length)}: ${literal.slice(0, 60)}`),
    );
    expect(small).toEqual([]);
  });

  it('walks real hints (the check would see a small letter)', () => {
    expect(hintLiterals("throw new CodedError('x', 'y', { hint: 'run it again' });")).toEqual(['run it again']);
    expect(hintLiterals('    hint: meant ? `did you mean ${meant}?` : `give one`,')).toEqual(['did you mean ${meant}?', 'give one']);
  });

  it('prints a hint of a lower layer written with a small letter as a sentence, under the label "hint:"', () => {
    const lines: string[] = [];
    printError({ out: (l) => lines.push(l), err: (l) => lines.push(l) }, new CodedError('auth_required', 'x', { hint: 'run `connected-services connect x`' }), false);
    expect(lines).toEqual(['error [auth_required]: x', '  hint: Run `connected-services connect x`']);
    expect(hintText('`connected-services help` lists them')).toBe('`connected-services help` lists them');
  });
});
