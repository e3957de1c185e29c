import { describe, expect, it } from 'vitest';
import { createAsksApi } from './asks-api';
import { elicitationView } from './ask-view';
import { WaitingAsks } from './waiting-asks';

const base = { server: 's', expiresAt: 0 };

function setup(url: string) {
  const waiting = new WaitingAsks();
  const opened: string[] = [];
  const api = createAsksApi({ waiting, opener: (u) => Promise.resolve(void opened.push(u)) });
  void waiting.ask(elicitationView({ mode: 'url', message: 'go', url, elicitationId: 'e1' }, base), new AbortController().signal, () => false);
  const id = waiting.list()[0]?.id ?? '';
  return { api, opened, id, view: waiting.list()[0] };
}

describe('URL-mode requests: opened only on the person\'s click, after sign-in\'s URL checks', () => {
  it('an https URL: shown with its origin, nothing opened until openAskUrl', async () => {
    const { api, opened, id, view } = setup('https://pay.example.com/confirm?x=1');
    expect(view).toMatchObject({ kind: 'url', origin: 'https://pay.example.com' });
    expect(view?.urlProblem).toBeUndefined();
    expect(opened).toEqual([]);
    await api.openAskUrl({ id });
    expect(opened).toEqual(['https://pay.example.com/confirm?x=1']);
  });

  it.each(['javascript:alert(1)', 'file:///etc/passwd', 'http://169.254.169.254/', 'https://[fe80::1]/', 'https://xn--80ak6aa92e.com/'])('%s: refused, never opened', async (url) => {
    const { api, opened, id, view } = setup(url);
    expect(view?.urlProblem).toBeTruthy();
    await expect(api.openAskUrl({ id })).rejects.toMatchObject({ code: 'denied' });
    expect(opened).toEqual([]);
  });
});
