import { foldAt, foldedFrom } from './case-fold';

/** One string alone below a branch: compared directly from `from` on. */
interface Leaf {
  readonly leaf: string;
  readonly from: number;
}

/** A branch on the folded code unit at its depth; `end` is a string that ends there. */
interface Branch {
  end?: string;
  readonly next: Map<number, Leaf | Branch>;
}

function isLeaf(node: Leaf | Branch): node is Leaf {
  return 'leaf' in node;
}

/** A string put in a branch that has nothing at its code unit yet: ending there, or a leaf below it. */
function place(branch: Branch, s: string, depth: number): void {
  if (depth === s.length) branch.end ??= s;
  else branch.next.set(foldAt(s, depth), { leaf: s, from: depth });
}

/**
 * A loop, not a recursion: two strings that agree for thousands of code units (a long secret and its
 * own variants) make a path that deep, and a call per unit overflowed the stack.
 */
function insert(root: Branch, s: string, from: number): void {
  let branch = root;
  for (let depth = from; ; depth++) {
    if (depth === s.length) {
      branch.end ??= s;
      return;
    }
    const code = foldAt(s, depth);
    const child = branch.next.get(code);
    if (child === undefined) {
      branch.next.set(code, { leaf: s, from: depth });
      return;
    }
    if (isLeaf(child)) {
      // The leaf's string and this one agree here: a branch holds the leaf's one level down.
      const split: Branch = { next: new Map() };
      place(split, child.leaf, depth + 1);
      branch.next.set(code, split);
      branch = split;
    } else branch = child;
  }
}

/**
 * Strings that begin alike (the known secrets of one hash window: twenty `github_pat_…` tokens, the
 * sign-in tokens that are JWTs of one issuer), walked once per position: finding the longest at a
 * place costs the text's common prefix with them, not that prefix once for each string. Branches
 * exist only where strings share a prefix; a string alone below one is a leaf compared directly.
 * Strings are added once per case-folded form (the caller dedupes).
 */
export class PrefixTrie {
  #root: Leaf | Branch;
  /** Code units the last `longestAt` compared (its cost; tests read it). */
  lastSteps = 0;
  /** The longest string added: a place where no match could reach past a point need not be walked. */
  maxLength: number;

  constructor(first: string) {
    this.#root = { leaf: first, from: 0 };
    this.maxLength = first.length;
  }

  add(s: string): void {
    this.maxLength = Math.max(this.maxLength, s.length);
    if (isLeaf(this.#root)) {
      const root: Branch = { next: new Map() };
      place(root, this.#root.leaf, 0);
      this.#root = root;
    }
    insert(this.#root, s, 0);
  }

  /** Every string added. */
  strings(): string[] {
    const out: string[] = [];
    const pending: Array<Leaf | Branch> = [this.#root];
    for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
      if (isLeaf(node)) out.push(node.leaf);
      else {
        if (node.end !== undefined) out.push(node.end);
        pending.push(...node.next.values());
      }
    }
    return out;
  }

  /** The longest string added that is at `at` in `text`, case aside, as it was added. */
  longestAt(text: string, at: number): string | undefined {
    let node: Leaf | Branch = this.#root;
    let depth = 0;
    let longest: string | undefined;
    for (;;) {
      if (isLeaf(node)) {
        this.lastSteps = depth + node.leaf.length - node.from;
        return foldedFrom(text, node.leaf, at, node.from) ? node.leaf : longest;
      }
      if (node.end !== undefined) longest = node.end;
      const child: Leaf | Branch | undefined = at + depth < text.length ? node.next.get(foldAt(text, at + depth)) : undefined;
      if (child === undefined) {
        this.lastSteps = depth;
        return longest;
      }
      node = child;
      depth++;
    }
  }
}
