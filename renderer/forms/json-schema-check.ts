import { CHECK_WORDS } from './check-words';
import { formatProblem } from './string-formats';

/**
 * A small JSON Schema (draft-07 / 2020-12 subset) checker that never generates code: the UI runs
 * under a CSP without 'unsafe-eval', where Ajv cannot compile. It covers what tool input schemas
 * and our forms use; unknown keywords are ignored, as the spec allows for annotations. The server
 * validates the call again, so a gap here costs a round trip, not safety.
 */
export interface SchemaError {
  /** JSON pointer into the data, like Ajv's (`/items/0/name`). */
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message: string;
}

type Schema = Record<string, unknown> | boolean;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function matchesType(value: unknown, type: string): boolean {
  const actual = typeOf(value);
  return actual === type || (type === 'number' && actual === 'integer');
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => deepEqual(a[k], b[k]));
  }
  return false;
}

function decodePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Local `$ref`s only (`#/definitions/x`, `#/$defs/x`, rjsf's `__rjsf_rootSchema#/…`). */
function resolveRef(ref: string, root: unknown): Schema | undefined {
  const hash = ref.indexOf('#');
  if (hash < 0) return undefined;
  let node: unknown = root;
  for (const part of ref.slice(hash + 1).split('/').filter(Boolean)) {
    if (!isObject(node) && !Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[decodePointer(part)];
  }
  return isObject(node) || typeof node === 'boolean' ? node : undefined;
}

/**
 * Patterns come from MCP servers, and a backtracking RegExp such as `^(a+)+$` freezes the page for
 * minutes on a 30-character value. A pattern with a quantified group or a back-reference (where such
 * blow-ups live), and values longer than MAX_PATTERN_INPUT, are not checked here: the server checks.
 */
const UNSAFE_PATTERN = /\)[*+{]|\\[1-9]|\\k</;
const MAX_PATTERN_INPUT = 256;
const patternCache = new Map<string, RegExp | null>();
function regex(pattern: string): RegExp | null {
  if (!patternCache.has(pattern)) {
    try {
      patternCache.set(pattern, UNSAFE_PATTERN.test(pattern) ? null : new RegExp(pattern, 'u'));
    } catch {
      patternCache.set(pattern, null);
    }
  }
  return patternCache.get(pattern) ?? null;
}

function matches(pattern: string, text: string): boolean | undefined {
  const re = regex(pattern);
  return re && text.length <= MAX_PATTERN_INPUT ? re.test(text) : undefined;
}

class Checker {
  readonly errors: SchemaError[] = [];
  constructor(private readonly root: unknown, private readonly depth = 0) {}

  add(path: string, schemaPath: string, keyword: string, message: string, params: Record<string, unknown> = {}): void {
    this.errors.push({ instancePath: path, schemaPath, keyword, params, message });
  }

  /** Whether `data` is valid against `schema`, without reporting. */
  passes(schema: unknown, data: unknown): boolean {
    if (this.depth > 64) return true;
    const inner = new Checker(this.root, this.depth + 1);
    inner.check(schema, data, '', '#');
    return inner.errors.length === 0;
  }

  check(schema: unknown, data: unknown, path: string, at: string): void {
    if (schema === true || schema === undefined) return;
    if (schema === false) return this.add(path, at, 'false schema', CHECK_WORDS.falseSchema);
    if (!isObject(schema)) return;
    const start = this.errors.length;
    if (typeof schema['$ref'] === 'string') {
      const target = resolveRef(schema['$ref'], this.root);
      if (target !== undefined && this.depth < 64) {
        const inner = new Checker(this.root, this.depth + 1);
        inner.check(target, data, path, `${at}/$ref`);
        this.errors.push(...inner.errors);
      }
    }
    this.checkGeneric(schema, data, path, at);
    this.checkCombinators(schema, data, path, at);
    if (typeof data === 'string') this.checkString(schema, data, path, at);
    if (typeof data === 'number') this.checkNumber(schema, data, path, at);
    if (Array.isArray(data)) this.checkArray(schema, data, path, at);
    if (isObject(data)) this.checkObject(schema, data, path, at);
    // `errorMessage` (as in ajv-errors) replaces the messages about this value, not its children's.
    const custom = schema['errorMessage'];
    if (typeof custom === 'string') {
      for (const error of this.errors.slice(start)) {
        if (error.instancePath === path && error.keyword !== 'required' && error.keyword !== 'dependencies') error.message = custom;
      }
    }
  }

  private checkGeneric(schema: Record<string, unknown>, data: unknown, path: string, at: string): void {
    const type = schema['type'];
    const types = Array.isArray(type) ? type.filter((t): t is string => typeof t === 'string') : typeof type === 'string' ? [type] : [];
    if (types.length > 0 && !types.some((t) => matchesType(data, t))) {
      this.add(path, `${at}/type`, 'type', CHECK_WORDS.type(types), { type: types.join(',') });
    }
    if (Array.isArray(schema['enum']) && !schema['enum'].some((v) => deepEqual(v, data))) {
      this.add(path, `${at}/enum`, 'enum', CHECK_WORDS.enum, { allowedValues: schema['enum'] });
    }
    if ('const' in schema && !deepEqual(schema['const'], data)) {
      this.add(path, `${at}/const`, 'const', CHECK_WORDS.const(schema['const']), { allowedValue: schema['const'] });
    }
  }

  private checkCombinators(schema: Record<string, unknown>, data: unknown, path: string, at: string): void {
    if (Array.isArray(schema['allOf'])) schema['allOf'].forEach((s, i) => this.check(s, data, path, `${at}/allOf/${i}`));
    if (Array.isArray(schema['anyOf']) && !schema['anyOf'].some((s) => this.passes(s, data))) {
      this.add(path, `${at}/anyOf`, 'anyOf', CHECK_WORDS.anyOf);
    }
    if (Array.isArray(schema['oneOf'])) {
      const branches: unknown[] = schema['oneOf'];
      const count = branches.filter((s) => this.passes(s, data)).length;
      // A branch the data picks by a `const` property (transport: "http"): its own errors, under their fields.
      const chosen = count === 0 ? branches.flatMap((s, i) => (pickedByConst(s, data) ? [i] : [])) : [];
      const only = chosen.length === 1 ? chosen[0] : undefined;
      if (only !== undefined) this.check(branches[only], data, path, `${at}/oneOf/${only}`);
      else if (count !== 1) this.add(path, `${at}/oneOf`, 'oneOf', CHECK_WORDS.oneOf(count), { passingSchemas: count });
    }
    if ('not' in schema && this.passes(schema['not'], data)) this.add(path, `${at}/not`, 'not', CHECK_WORDS.not);
    if ('if' in schema) {
      const branch = this.passes(schema['if'], data) ? 'then' : 'else';
      if (branch in schema) this.check(schema[branch], data, path, `${at}/${branch}`);
    }
  }

  private checkString(schema: Record<string, unknown>, data: string, path: string, at: string): void {
    const length = [...data].length;
    const min = schema['minLength'];
    const max = schema['maxLength'];
    if (typeof min === 'number' && length < min) this.add(path, `${at}/minLength`, 'minLength', CHECK_WORDS.minLength(min), { limit: min });
    if (typeof max === 'number' && length > max) this.add(path, `${at}/maxLength`, 'maxLength', CHECK_WORDS.maxLength(max), { limit: max });
    if (typeof schema['pattern'] === 'string') {
      if (matches(schema['pattern'], data) === false) this.add(path, `${at}/pattern`, 'pattern', CHECK_WORDS.pattern(schema['pattern']), { pattern: schema['pattern'] });
    }
    const format = formatProblem(schema['format'], data);
    if (format !== undefined) this.add(path, `${at}/format`, 'format', format, { format: schema['format'] });
  }

  private checkNumber(schema: Record<string, unknown>, data: number, path: string, at: string): void {
    const bound = (key: string, fails: (limit: number) => boolean, comparison: string) => {
      const limit = schema[key];
      if (typeof limit === 'number' && fails(limit)) this.add(path, `${at}/${key}`, key, CHECK_WORDS.bound(comparison, limit), { comparison, limit });
    };
    // Draft 4 wrote exclusive bounds as booleans next to minimum/maximum.
    const exclusiveMin = schema['exclusiveMinimum'] === true;
    const exclusiveMax = schema['exclusiveMaximum'] === true;
    bound('minimum', (l) => (exclusiveMin ? data <= l : data < l), exclusiveMin ? '>' : '>=');
    bound('maximum', (l) => (exclusiveMax ? data >= l : data > l), exclusiveMax ? '<' : '<=');
    bound('exclusiveMinimum', (l) => data <= l, '>');
    bound('exclusiveMaximum', (l) => data >= l, '<');
    const step = schema['multipleOf'];
    if (typeof step === 'number' && step > 0 && Math.abs(data / step - Math.round(data / step)) > 1e-9) {
      this.add(path, `${at}/multipleOf`, 'multipleOf', CHECK_WORDS.multipleOf(step), { multipleOf: step });
    }
  }

  private checkArray(schema: Record<string, unknown>, data: unknown[], path: string, at: string): void {
    const prefix: unknown = schema['prefixItems'];
    const items: unknown = schema['items'];
    const tuple: unknown[] | undefined = Array.isArray(prefix) ? prefix : Array.isArray(items) ? items : undefined;
    const rest = tuple ? (prefix !== undefined ? items : schema['additionalItems']) : items;
    data.forEach((item, i) => {
      const itemSchema: unknown = tuple && i < tuple.length ? tuple[i] : rest;
      this.check(itemSchema, item, `${path}/${i}`, `${at}/items`);
    });
    const min = schema['minItems'];
    const max = schema['maxItems'];
    if (typeof min === 'number' && data.length < min) this.add(path, `${at}/minItems`, 'minItems', CHECK_WORDS.minItems(min), { limit: min });
    if (typeof max === 'number' && data.length > max) this.add(path, `${at}/maxItems`, 'maxItems', CHECK_WORDS.maxItems(max), { limit: max });
    if (schema['uniqueItems'] === true && data.some((x, i) => data.findIndex((y) => deepEqual(x, y)) !== i)) {
      this.add(path, `${at}/uniqueItems`, 'uniqueItems', CHECK_WORDS.uniqueItems);
    }
  }

  private checkObject(schema: Record<string, unknown>, data: Record<string, unknown>, path: string, at: string): void {
    const properties = isObject(schema['properties']) ? schema['properties'] : {};
    if (Array.isArray(schema['required'])) {
      for (const name of schema['required']) {
        if (typeof name === 'string' && data[name] === undefined) {
          this.add(path, `${at}/required`, 'required', 'Required.', { missingProperty: name });
        }
      }
    }
    for (const [name, value] of Object.entries(data)) {
      if (value === undefined) continue;
      if (name in properties) {
        this.check(properties[name], value, `${path}/${name}`, `${at}/properties/${name}`);
        continue;
      }
      const patterns = isObject(schema['patternProperties']) ? Object.entries(schema['patternProperties']) : [];
      const results = patterns.map(([p, s]) => ({ p, s, hit: matches(p, name) }));
      const matched = results.filter((r) => r.hit === true);
      for (const { p, s } of matched) this.check(s, value, `${path}/${name}`, `${at}/patternProperties/${p}`);
      // A pattern we could not check may cover this name: no additionalProperties verdict then.
      const unsure = results.some((r) => r.hit === undefined);
      if (matched.length === 0 && !unsure && 'additionalProperties' in schema) {
        if (schema['additionalProperties'] === false) {
          this.add(path, `${at}/additionalProperties`, 'additionalProperties', CHECK_WORDS.additionalProperties(name), { additionalProperty: name });
        } else this.check(schema['additionalProperties'], value, `${path}/${name}`, `${at}/additionalProperties`);
      }
    }
    const dependencies = isObject(schema['dependencies']) ? schema['dependencies'] : {};
    const dependentRequired = isObject(schema['dependentRequired']) ? schema['dependentRequired'] : {};
    for (const [name, dependency] of Object.entries({ ...dependencies, ...dependentRequired })) {
      if (data[name] === undefined) continue;
      if (Array.isArray(dependency)) {
        for (const needed of dependency) {
          if (typeof needed === 'string' && data[needed] === undefined) {
            this.add(path, `${at}/dependencies`, 'dependencies', CHECK_WORDS.dependency(needed, name), { property: name, missingProperty: needed, deps: needed });
          }
        }
      } else this.check(dependency, data, path, `${at}/dependencies/${name}`);
    }
  }
}

/** Every way `data` breaks `schema`; `root` resolves `$ref`s (default: the schema itself). */
/** Whether an object names this branch: the branch has `const` properties and the data matches each. */
function pickedByConst(branch: unknown, data: unknown): boolean {
  if (typeof branch !== 'object' || branch === null || typeof data !== 'object' || data === null || Array.isArray(data)) return false;
  const properties = (branch as { properties?: unknown }).properties;
  if (typeof properties !== 'object' || properties === null) return false;
  const consts = Object.entries(properties as Record<string, unknown>).flatMap(([key, p]) => (typeof p === 'object' && p !== null && Object.hasOwn(p, 'const') ? [{ key, value: (p as { const: unknown }).const }] : []));
  return consts.length > 0 && consts.every(({ key, value }) => Object.hasOwn(data, key) && deepEqual(value, (data as Record<string, unknown>)[key]));
}

export function checkSchema(schema: unknown, data: unknown, root: unknown = schema): SchemaError[] {
  const checker = new Checker(root);
  checker.check(schema, data, '', '#');
  return checker.errors;
}
