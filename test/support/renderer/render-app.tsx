import { render, type RenderResult } from '@testing-library/react';
import { App } from '../../../renderer/app';
import type { Clock } from '../../../renderer/lib';
import type { FakeApi } from '../fake-app-api';

/** Renders the whole app at `hash` against a fake API (and optionally a fake clock). */
export function renderApp(api: FakeApi, options: { hash?: string; clock?: Clock } = {}): RenderResult {
  window.location.hash = options.hash ?? '#/';
  return render(<App api={api} {...(options.clock ? { clock: options.clock } : {})} />);
}
