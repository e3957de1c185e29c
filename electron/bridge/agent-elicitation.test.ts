import { describe, expect, it } from 'vitest';
import { agentElicitation } from './agent-elicitation';

/** None of the characters a terminal acts on (ESC, BEL, CR) or that reverse text (U+202E, U+202C). */
const withoutControls = (text: string | undefined): boolean => !['\u001b', '\u0007', '\r', '\u202e', '\u202c'].some((c) => (text ?? '').includes(c));

const HOSTILE = 'Pay \u001b[31mnow\u0007 \u202eevil\u202c\r\nok';

describe('agentElicitation', () => {
  it("shows terminal controls and bidirectional marks in a form's words as escapes, its keys and kinds as they are", () => {
    const asked = agentElicitation({
      mode: 'form',
      message: HOSTILE,
      requestedSchema: { type: 'object', properties: { amount: { type: 'number', title: `Amount\u001b[2J`, description: 'in \u202eEUR' } }, required: ['amount'] },
    });
    expect(JSON.stringify(asked)).toSatisfy(withoutControls);
    expect(asked.message).toContain('Pay \\u001b[31mnow\\u0007');
    expect(asked.mode === 'url' ? undefined : asked.requestedSchema).toEqual({
      type: 'object',
      properties: { amount: { type: 'number', title: 'Amount\\u001b[2J', description: 'in \\u202eEUR' } },
      required: ['amount'],
    });
  });

  it("escapes a URL elicitation's message and leaves its address alone", () => {
    const asked = agentElicitation({ mode: 'url', message: HOSTILE, url: 'https://example.com/pay', elicitationId: 'e1' });
    expect(asked).toMatchObject({ mode: 'url', url: 'https://example.com/pay', elicitationId: 'e1' });
    expect(asked.message).toSatisfy(withoutControls);
  });
});
