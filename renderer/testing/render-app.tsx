import { render, type RenderResult } from '@testing-library/react';
import { App } from '../app';
import type { Clock } from '../lib';
import type { FakeApi } from './fake-api';

/** Renders the whole app at `hash` against a fake API (and optionally a fake clock). */
export function renderApp(api: FakeApi, options: { hash?: string; clock?: Clock } = {}): RenderResult {
  window.location.hash = options.hash ?? '#/';
  return render(<App api={api} {...(options.clock ? { clock: options.clock } : {})} />);
}
