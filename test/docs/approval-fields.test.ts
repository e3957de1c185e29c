import { describe, expect, it } from 'vitest';
import { NOT_RUN_FIELDS } from '../../electron/registry';
import { readPage } from './markdown';

const PAGE = 'docs/configuration.md';

/**
 * The fields the page says a stdio server's approval leaves out, as the code leaves them out
 * (electron/registry/fingerprint.ts): a field added to one and not the other fails here. `type` and
 * `auth` are not tuning fields (the transport's name; the credential enters on its own terms).
 */
describe('the approval of a stdio server, as docs/configuration.md describes it', () => {
  it('names exactly the fields NOT_RUN_FIELDS leaves out of the fingerprint', () => {
    const page = readPage(PAGE).replace(/\s+/g, ' ');
    const before = page.split(' are not part of it (an approval given by the release')[0] ?? '';
    const sentence = before.includes('asked again; ') && page.includes(' are not part of it (an approval') ? before.slice(before.lastIndexOf('asked again; ')) : undefined;
    expect(sentence, `${PAGE} no longer says which fields are "not part of it"`).toBeDefined();
    const named = [...(sentence ?? '').matchAll(/`([A-Za-z]+)`/g)].map((m) => m[1]).sort();
    const code = [...NOT_RUN_FIELDS].filter((field) => field !== 'type' && field !== 'auth').sort();
    expect(named, `update the sentence in ${PAGE} (or NOT_RUN_FIELDS) so they agree`).toEqual(code);
  });
});
