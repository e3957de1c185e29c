import { describe, expect, it } from 'vitest';
import { agentSafeSchema } from './schema-text';

const RLO = 'read_file\u202eelif_daer';

/** Every string value in a value, at any depth. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap(strings);
}

describe('agentSafeSchema', () => {
  it("escapes every title and description at any depth, as a tool's own are", () => {
    const schema = {
      type: 'object',
      title: `\u001b]0;TITLE\u0007`,
      properties: {
        path: { type: 'string', description: `\u001b[31mRED ${RLO}` },
        list: { type: 'array', items: { type: 'object', properties: { deep: { type: 'string', description: 'zw\u200btool' } } } },
      },
      $defs: { other: { anyOf: [{ type: 'string', title: RLO }] } },
    };
    const safe = agentSafeSchema(schema);
    expect(safe.title).toBe('\\u001b]0;TITLE\\u0007');
    expect(JSON.stringify(safe)).not.toMatch(/[\u202e\u200b]/u);
    expect(safe.properties.path.description).toBe('\\u001b[31mRED read_file\\u202eelif_daer');
    expect(safe.properties.list.items.properties.deep.description).toBe('zw\\u200btool');
    expect(safe.$defs.other.anyOf[0]?.title).toBe('read_file\\u202eelif_daer');
    // The server's schema is not changed: the pool keeps it for the screens.
    expect(schema.properties.path.description).toContain('\u202e');
  });

  it('leaves property names, data and a Persian description as they are, and a clean schema the same object', () => {
    const schema = {
      type: 'object',
      properties: { description: { type: 'string', default: 'a\u200bb', enum: ['a\u200bb'], examples: [{ title: RLO }] }, title: { const: RLO } },
      required: ['description'],
      description: 'نامه\u200cها را بخوان',
    };
    expect(agentSafeSchema(schema)).toBe(schema);
    const named = { type: 'object', properties: { ['n\u200bame']: { type: 'string' } } };
    expect(agentSafeSchema(named)).toBe(named);
  });

  it('escapes the schema of a property or definition named as a data keyword: its name is no keyword', () => {
    const hostile = { type: 'string', description: 'ok\u202eevil\u001b]52;c;x' };
    const schema = {
      type: 'object',
      properties: { enum: hostile, const: hostile, default: hostile, examples: { type: 'array', items: hostile }, properties: { type: 'object', properties: { enum: hostile } } },
      patternProperties: { '^x': hostile },
      $defs: { default: hostile },
      definitions: { enum: hostile },
      dependentSchemas: { examples: { properties: { const: hostile } } },
    };
    const descriptions = strings(agentSafeSchema(schema)).filter((text) => text.includes('evil'));
    expect(descriptions).toHaveLength(9);
    expect(descriptions.filter((text) => text.includes('\u202e') || text.includes('\u001b'))).toEqual([]);
    expect(agentSafeSchema(schema).properties.enum.description).toBe('ok\\u202eevil\\u001b]52;c;x');
    // Within the property named `enum`, the keyword `enum` is still data.
    const data = { type: 'object', properties: { enum: { type: 'string', enum: ['a\u202eb'] } } };
    expect(agentSafeSchema(data)).toBe(data);
  });

  it('keeps a property named __proto__ a property, and lists a branch past the depth bound as {}', () => {
    const schema = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string","description":"x\\u202ey"}}}') as Record<string, unknown>;
    const safe = agentSafeSchema(schema) as { properties: Record<string, { description: string }> };
    expect(Object.hasOwn(safe.properties, '__proto__')).toBe(true);
    expect(safe.properties['__proto__']?.description).toBe('x\\u202ey');
    let deep: Record<string, unknown> = { description: '\u202e' };
    for (let i = 0; i < 300; i++) deep = { items: deep };
    expect(JSON.stringify(agentSafeSchema(deep))).not.toContain('\u202e');
  });
});
