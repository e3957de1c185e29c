import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { formSchema } from './choice-schema';

const props = (schema: RJSFSchema) => (schema as { properties: Record<string, unknown> }).properties;

describe('formSchema: every choice shape of SEP-1330', () => {
  it('gives a titled multi-select (items.anyOf of const + title) a type and checkboxes, keeping titles and values', () => {
    const { schema, uiSchema } = formSchema({
      type: 'object',
      properties: { fish: { type: 'array', minItems: 1, items: { anyOf: [{ const: 'fish-1', title: 'Tuna' }, { const: 'fish-2', title: 'Salmon' }] }, default: ['fish-1'] } },
    });
    expect(props(schema)['fish']).toEqual({
      type: 'array',
      minItems: 1,
      uniqueItems: true,
      default: ['fish-1'],
      items: { type: 'string', oneOf: [{ const: 'fish-1', title: 'Tuna' }, { const: 'fish-2', title: 'Salmon' }] },
    });
    expect(uiSchema).toEqual({ fish: { 'ui:widget': 'checkboxes' } });
  });

  it('makes an untitled multi-select (items.enum) checkboxes too, never an "Add item" list', () => {
    const { schema, uiSchema } = formSchema({ type: 'object', properties: { tools: { type: 'array', items: { type: 'string', enum: ['Guitar', 'Piano'] } } } });
    expect(props(schema)['tools']).toEqual({ type: 'array', uniqueItems: true, items: { type: 'string', enum: ['Guitar', 'Piano'] } });
    expect(uiSchema).toEqual({ tools: { 'ui:widget': 'checkboxes' } });
  });

  it('turns the legacy enum + enumNames into titled options, default kept, so titles show instead of values', () => {
    const { schema } = formSchema({ type: 'object', properties: { pet: { type: 'string', enum: ['pet-1', 'pet-2'], enumNames: ['Cats', 'Dogs'], default: 'pet-1' } } as RJSFSchema['properties'] });
    expect(props(schema)['pet']).toEqual({ type: 'string', default: 'pet-1', oneOf: [{ const: 'pet-1', title: 'Cats' }, { const: 'pet-2', title: 'Dogs' }] });
  });

  it('keeps a titled single select (oneOf) and a plain enum as they are, adding only a missing type', () => {
    const hero = { type: 'string', oneOf: [{ const: 'hero-1', title: 'Superman' }], default: 'hero-1' };
    const friend = { type: 'string', enum: ['Monica', 'Ross'] };
    const { schema, uiSchema } = formSchema({ type: 'object', properties: { hero, friend, level: { anyOf: [{ const: 1, title: 'Low' }, { const: 2 }] } } } as RJSFSchema);
    expect(props(schema)['hero']).toEqual(hero);
    expect(props(schema)['friend']).toEqual(friend);
    expect(props(schema)['level']).toEqual({ type: 'integer', oneOf: [{ const: 1, title: 'Low' }, { const: 2, title: '2' }] });
    expect(uiSchema).toEqual({});
  });

  it('leaves other schemas alone: an array of objects stays a list, a mixed anyOf stays a choice of schemas', () => {
    const input: RJSFSchema = {
      type: 'object',
      properties: { rows: { type: 'array', items: { type: 'object', properties: { a: { type: 'string' } } } }, either: { anyOf: [{ type: 'string' }, { const: 'x' }] } },
    };
    expect(formSchema(input)).toEqual({ schema: input, uiSchema: {} });
  });
});
