import { describe, expect, it } from 'vitest';
import type { PendingAsk } from '../../shared/api';
import { promptAsk, type AskTerminal } from './ask-prompt';

function terminal(answers: Array<string | undefined>): AskTerminal & { lines: string[]; asked: string[] } {
  const lines: string[] = [];
  const asked: string[] = [];
  return {
    lines,
    asked,
    question: (text) => {
      asked.push(text);
      return Promise.resolve(answers.shift());
    },
    err: (line) => lines.push(line),
  };
}

const form: PendingAsk = {
  id: 'a',
  kind: 'form',
  server: 'asking',
  message: 'Check the defaults',
  requestedAt: 0,
  expiresAt: 0,
  requestedSchema: {
    type: 'object',
    properties: {
      title: { type: 'string', title: 'Title', default: 'Hi' },
      count: { type: 'integer', title: 'Count', default: 42 },
      ratio: { type: 'number', title: 'Ratio', default: 3.14 },
      colour: { type: 'string', title: 'Colour', enum: ['red', 'blue'], default: 'blue' },
      subscribe: { type: 'boolean', title: 'Subscribe', default: true },
      note: { type: 'string', title: 'Note' },
    },
    required: ['title'],
  },
};

describe('answering a server\'s request at the terminal', () => {
  it('Enter keeps each default; typed values take the field\'s type; a bad one is asked again', async () => {
    const t = terminal(['', 'seven', '7', '', 'green', 'red', '', '']);
    expect(await promptAsk(form, t)).toEqual({ action: 'accept', content: { title: 'Hi', count: 7, ratio: 3.14, colour: 'red', subscribe: true } });
    expect(t.asked[0]).toBe('Title [Hi]: ');
    expect(t.asked).toContain('Colour (red/blue) [blue]: ');
  });

  it('Ctrl-D cancels; a secret form is declined without asking', async () => {
    expect(await promptAsk(form, terminal([undefined]))).toEqual({ action: 'cancel' });
    const t = terminal([]);
    expect(await promptAsk({ ...form, sensitive: ['password'] }, t)).toEqual({ action: 'decline' });
    expect(t.asked).toEqual([]);
  });

  it('URL mode prints the origin and address, escaped, and the problem; it never opens anything', async () => {
    const t = terminal(['y']);
    const answer = await promptAsk({ ...form, kind: 'url', url: 'https://evil.example/\u202Egnp.exe', origin: 'https://evil.example', urlProblem: 'it contains characters no sign-in URL needs' }, t);
    expect(answer).toEqual({ action: 'accept' });
    expect(t.lines.join('\n')).toContain('origin: https://evil.example');
    expect(t.lines.join('\n')).not.toContain('\u202E');
    expect(t.lines.join('\n')).toContain('Do not open it');
  });
});
