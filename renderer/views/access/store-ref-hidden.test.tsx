// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoreReferenceView } from '../../../shared/api';
import { createFakeApi, renderApp } from '../../../test/support/renderer';

afterEach(cleanup);

describe('a secret store entry on Access', () => {
  it('shows the hidden characters of its path, in its title and its reference, as escapes', async () => {
    const entry: StoreReferenceView = {
      store: 'pass', type: 'pass', path: 'work/to\u202eken\u200b', reference: '${secret:pass:work/to\u202eken\u200b}', uses: [{ server: 'github', field: 'env.TOKEN' }],
      canReveal: false, canReplace: false, guidance: 'Change it with pass, then Test.',
    };
    renderApp(createFakeApi({ listStoreReferences: () => [entry] }), { hash: '#/access' });
    const card = (await screen.findByRole('button', { name: /^Test pass:work/ })).closest('li');
    if (!card) throw new Error('no card');
    expect(card.querySelector('h3')?.textContent).toBe('pass:work/to\\u202eken\\u200b');
    expect([...card.querySelectorAll('code')].map((c) => c.textContent)).toContain('${secret:pass:work/to\\u202eken\\u200b}');
    expect(card.textContent).not.toMatch(/[\u200b\u202e]/);
  });
});
