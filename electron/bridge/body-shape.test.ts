import { describe, expect, it } from 'vitest';
import { BODY_SHAPE_LIMITS, bodyShapeProblem } from './body-shape';

const object = (keys: number): string => `{${Array.from({ length: keys }, (_, i) => `"k${i}":1`).join(',')}}`;
const array = (items: number): string => `[${new Array<string>(items).fill('1').join(',')}]`;

describe('bodyShapeProblem', () => {
  it('passes bodies within every bound, at each bound exactly', () => {
    expect(bodyShapeProblem('{"jsonrpc":"2.0","id":1,"method":"ping"}')).toBeUndefined();
    expect(bodyShapeProblem(`{"params":{"_meta":${object(BODY_SHAPE_LIMITS.keys)}}}`)).toBeUndefined();
    expect(bodyShapeProblem(`{"params":{"list":${array(BODY_SHAPE_LIMITS.items)}}}`)).toBeUndefined();
    expect(bodyShapeProblem(`${'['.repeat(128)}${']'.repeat(128)}`)).toBeUndefined();
    // Many small objects and arrays, together past each count: each is counted on its own.
    expect(bodyShapeProblem(`[${Array.from({ length: 20 }, () => object(9_000)).join(',')}]`)).toBeUndefined();
  });

  it('names the first bound broken: members of one object, items of one array, nesting', () => {
    expect(bodyShapeProblem(`{"params":{"_meta":${object(BODY_SHAPE_LIMITS.keys + 1)}}}`)).toBe('an object in the body has more than 10,000 keys');
    expect(bodyShapeProblem(`{"params":{"list":${array(BODY_SHAPE_LIMITS.items + 1)}}}`)).toBe('an array in the body has more than 100,000 items');
    expect(bodyShapeProblem(`${'['.repeat(129)}${']'.repeat(129)}`)).toBe('the body nests deeper than 128 levels');
    expect(bodyShapeProblem(`{"a":${'['.repeat(2_000_000)}`)).toBe('the body nests deeper than 128 levels');
  });

  it('counts a container again from zero after it closes, and tells its kind at each depth', () => {
    // An array of 6 items beside an object of 6 keys at the same depth, with bounds of 5 and 6.
    const limits = { depth: 8, keys: 5, items: 6 };
    expect(bodyShapeProblem('[[1,2,3,4,5,6],{"a":1,"b":2,"c":3,"d":4,"e":5}]', limits)).toBeUndefined();
    expect(bodyShapeProblem('[[1,2,3,4,5,6],{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6}]', limits)).toBe('an object in the body has more than 5 keys');
    expect(bodyShapeProblem('[{"a":1},[1,2,3,4,5,6,7]]', limits)).toBe('an array in the body has more than 6 items');
  });

  it('ignores commas and brackets inside strings, escaped quotes included', () => {
    const limits = { depth: 2, keys: 2, items: 2 };
    expect(bodyShapeProblem(JSON.stringify({ a: ',,,,[[[[{{{', b: 'x\\",,,"[[' }), limits)).toBeUndefined();
    expect(bodyShapeProblem(JSON.stringify({ a: 'x\\"', b: 1, c: 2 }), limits)).toBe('an object in the body has more than 2 keys');
  });

  it('leaves text that is not JSON to the parser', () => {
    expect(bodyShapeProblem('not json at all, with ] } commas')).toBeUndefined();
    expect(bodyShapeProblem('{"open": "never closed')).toBeUndefined();
  });
});
