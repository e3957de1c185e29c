import { describe, expect, it } from 'vitest';
import { MAX_CONFIGURED_SERVERS, refuseOverTotal } from './server-total';

describe('refuseOverTotal: mcp.json holds at most 1000 servers after an import or an add', () => {
  it('passes up to the bound, and an edit that adds nothing even past it (a file written by hand)', () => {
    expect(() => refuseOverTotal(MAX_CONFIGURED_SERVERS - 1, 1, 'add')).not.toThrow();
    expect(() => refuseOverTotal(MAX_CONFIGURED_SERVERS - 10, 10, 'import')).not.toThrow();
    expect(() => refuseOverTotal(MAX_CONFIGURED_SERVERS + 5, 0, 'add')).not.toThrow();
  });

  it('refuses one add past it in the import sentence, saying what to remove', () => {
    let thrown: unknown;
    try {
      refuseOverTotal(MAX_CONFIGURED_SERVERS, 1, 'add');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({
      code: 'invalid_input',
      message: 'mcp.json has 1000 servers and this server would add 1: 1001, more than the 1000 it holds after an add; nothing was added.',
      hint: 'Remove servers you no longer use (`connected-services servers remove NAME`) first.',
      data: { servers: 1000, adding: 1, max: 1000 },
    });
  });

  it('refuses an import past it, naming how many new servers still fit', () => {
    expect(() => refuseOverTotal(600, 500, 'import')).toThrow(
      'mcp.json has 600 servers and this import would add 500: 1100, more than the 1000 it holds after an import; nothing was imported.',
    );
  });
});
