import type { ServerStatus } from '../shared/api';
import { createHttpClient } from './api';

// The first screen until the full UI lands: live server states from the App API events.
const api = createHttpClient();
const rows = new Map<string, ServerStatus>();

function cell(text: string, className?: string): HTMLTableCellElement {
  const td = document.createElement('td');
  td.textContent = text;
  if (className) td.className = className;
  return td;
}

function render(): void {
  const body = document.getElementById('servers');
  const summary = document.getElementById('summary');
  if (!body || !summary) return;
  body.replaceChildren(
    ...[...rows.values()].map((s) => {
      const tr = document.createElement('tr');
      const state = !s.enabled ? 'disabled' : s.approval === 'pending' ? 'pending approval' : s.state.replace('_', ' ');
      tr.append(cell(s.name), cell(s.transport), cell(state), cell(String(s.toolCount)), cell(s.lastError?.message ?? '', 'error'));
      return tr;
    }),
  );
  const ready = [...rows.values()].filter((s) => s.state === 'ready').length;
  summary.textContent = `${rows.size} services, ${ready} ready`;
}

api.on('serverState', (status) => {
  rows.set(status.name, status);
  render();
});
api
  .status({})
  .then((status) => {
    for (const s of status.servers) rows.set(s.name, s);
    render();
  })
  .catch((error: unknown) => {
    const summary = document.getElementById('summary');
    if (summary) summary.textContent = error instanceof Error ? error.message : String(error);
  });
