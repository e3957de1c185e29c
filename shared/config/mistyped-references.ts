import { closestWord } from '../text';

/** The kinds a `${kind:…}` reference may name (shared/vault/references.ts, stdio-credential.ts). */
const KINDS = ['secret', 'secretFile', 'env', 'token'] as const;

// `$${` stands for a literal `${`; a shell's `${VAR:-default}` (and `:=`, `:?`, `:+`) is not ours.
const LOOKS_LIKE = /(\$?)\$\{([A-Za-z][A-Za-z0-9_]{0,30}):(?![-=?+])([^}]*)\}/g;

export interface MistypedReference {
  text: string;
  /** The reference it most likely meant (`${secret:Y}` for `${secrt:Y}`). */
  meant: string;
}

/**
 * References written with a kind that is a typo of ours (`${secrt:Y}`, `${SECRET:Y}`, `${Token:x}`):
 * kept as they are, they would reach the server as literal text, the secret never filled in.
 */
export function mistypedReferences(value: string): MistypedReference[] {
  const found: MistypedReference[] = [];
  for (const match of value.matchAll(LOOKS_LIKE)) {
    const [text, escape, kind = '', rest = ''] = match;
    if (escape === '$' || (KINDS as readonly string[]).includes(kind)) continue;
    const meant = closestWord(kind, KINDS);
    if (meant !== undefined) found.push({ text, meant: `\${${meant}:${rest}}` });
  }
  return found;
}
