/** RFC 6570 §2.3: a variable name is letters, digits, `_` and pct-encoded triplets, joined by `.`. */
const VARNAME = /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+(?:\.(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+)*$/;
const EXPRESSION = /\{([^{}]*)\}/g;

export interface TemplateParts {
  /** Level-1 variables (`{var}`), each once, in order of first use. */
  variables: string[];
  /** Expressions this UI does not expand (operators, lists, modifiers: levels 2–4); the URI must then be edited by hand. */
  unsupported: string[];
}

/** The variables of a URI template, as far as level 1 (RFC 6570 §1.2) goes. */
export function templateParts(template: string): TemplateParts {
  const variables: string[] = [];
  const unsupported: string[] = [];
  for (const match of template.matchAll(EXPRESSION)) {
    const name = match[1] ?? '';
    if (VARNAME.test(name)) {
      if (!variables.includes(name)) variables.push(name);
    } else unsupported.push(match[0]);
  }
  return { variables, unsupported };
}

/** RFC 6570 §3.2.1: outside the unreserved set (§1.5), each UTF-8 byte is pct-encoded; `encodeURIComponent` leaves `!'()*` too. */
function encodeUnreserved(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * Simple string expansion (RFC 6570 §3.2.2, level 1): each `{var}` becomes its value, pct-encoded
 * except unreserved characters; an undefined variable expands to nothing (§3.2.1). Other expressions
 * are left as written.
 */
export function expandTemplate(template: string, values: Readonly<Record<string, string | undefined>>): string {
  return template.replace(EXPRESSION, (whole, name: string) => {
    if (!VARNAME.test(name)) return whole;
    const value = values[name];
    return value === undefined ? '' : encodeUnreserved(value);
  });
}
