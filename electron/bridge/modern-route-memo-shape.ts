/**
 * A JSON value remembered so that a later value can be found to have the same text without building
 * that text (modern-route-memo.ts): `matches(value, shapeOf(parsed))` holds only when
 * `JSON.stringify(value)` is the text `parsed` was parsed from. Strict: members in the same order,
 * primitives equal (`===`: JSON's text of a number is a function of its value), plain objects and
 * arrays only, own members only. A value it cannot vouch for (another class, a member inherited or
 * out of order, Infinity where the text had `null`) does not match, and is classified by the SDK.
 */
export type Shape = string | number | boolean | null | undefined | ShapeList | ShapeRecord;

class ShapeList {
  constructor(readonly items: readonly Shape[]) {}
}

class ShapeRecord {
  constructor(
    readonly keys: readonly string[],
    readonly values: readonly Shape[],
  ) {}
}

/** The shape of a value made by `JSON.parse` (so: objects, arrays, strings, finite numbers, booleans, null). */
export function shapeOf(parsed: unknown): Shape {
  if (Array.isArray(parsed)) return new ShapeList(parsed.map(shapeOf));
  if (typeof parsed === 'object' && parsed !== null) {
    const keys = Object.keys(parsed);
    return new ShapeRecord(
      keys,
      keys.map((key) => shapeOf((parsed as Record<string, unknown>)[key])),
    );
  }
  return parsed as Shape;
}

/** Whether `value` serializes exactly as the text the shape was made from (see above); allocates nothing. */
export function matches(value: unknown, shape: Shape): boolean {
  if (shape instanceof ShapeRecord) {
    if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype) return false;
    const record = value as Record<string, unknown>;
    const keys = shape.keys;
    let index = 0;
    for (const key in record) {
      if (index >= keys.length || key !== keys[index] || !Object.hasOwn(record, key) || !matches(record[key], shape.values[index])) return false;
      index++;
    }
    return index === keys.length;
  }
  if (shape instanceof ShapeList) {
    if (!Array.isArray(value) || Object.getPrototypeOf(value) !== Array.prototype || value.length !== shape.items.length) return false;
    for (let i = 0; i < value.length; i++) if (!Object.hasOwn(value, i) || !matches(value[i], shape.items[i])) return false;
    return true;
  }
  // A primitive (undefined: a member the text did not have): equal values have one JSON text.
  return value === shape;
}
