import { PASSPHRASE_HOST } from '../app-identity';
import { DIALOG_CSP } from '../protocol/content-security-policy';
import type { BuiltinAsset } from '../protocol/protocol-handler';

const HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Vault passphrase</title>
<link rel="stylesheet" href="/dialog.css">
<script src="/dialog.js" defer></script>
</head>
<body>
<form id="form" novalidate>
  <h1 id="title">Unlock your vault</h1>
  <p id="lead">Your credentials are sealed with a passphrase. Enter it to unlock them.</p>
  <label for="passphrase">Passphrase</label>
  <input id="passphrase" type="password" autocomplete="current-password" autofocus required>
  <div id="confirm-row" hidden>
    <label for="confirm">Type it again</label>
    <input id="confirm" type="password" autocomplete="new-password">
  </div>
  <p id="error" role="alert"></p>
  <div class="buttons">
    <button type="button" id="cancel">Cancel</button>
    <button type="submit" id="submit">Unlock</button>
  </div>
</form>
</body>
</html>
`;

// Runs in the dialog page with only window.vaultPassphrase from its preload.
const SCRIPT = `'use strict';
const create = new URLSearchParams(location.search).get('mode') === 'create';
const $ = (id) => document.getElementById(id);
if (create) {
  $('title').textContent = 'Choose a vault passphrase';
  $('lead').textContent = 'No OS keychain is available here, so your credentials will be sealed with a passphrase. Use at least 8 characters; it cannot be recovered.';
  $('confirm-row').hidden = false;
  $('passphrase').autocomplete = 'new-password';
  $('submit').textContent = 'Create vault';
}
$('form').addEventListener('submit', async (event) => {
  event.preventDefault();
  $('submit').disabled = true;
  try {
    const reply = await window.vaultPassphrase.submit($('passphrase').value, create ? $('confirm').value : undefined);
    if (!reply.ok) $('error').textContent = reply.message;
  } finally {
    $('submit').disabled = false;
  }
});
$('cancel').addEventListener('click', () => window.vaultPassphrase.cancel());
document.addEventListener('keydown', (event) => { if (event.key === 'Escape') window.vaultPassphrase.cancel(); });
`;

const STYLE = `:root { color-scheme: light dark; font: 14px/1.4 system-ui, sans-serif; }
body { margin: 0; padding: 20px 24px; }
h1 { font-size: 17px; margin: 0 0 8px; }
p { margin: 0 0 12px; }
label { display: block; margin: 8px 0 4px; font-weight: 600; }
input { box-sizing: border-box; width: 100%; padding: 6px 8px; font: inherit; }
input:focus-visible, button:focus-visible { outline: 2px solid #0f766e; outline-offset: 2px; }
#error { color: #b91c1c; min-height: 1.4em; margin-top: 8px; }
.buttons { display: flex; justify-content: flex-end; gap: 8px; }
button { padding: 6px 14px; font: inherit; }
`;

/** The dialog's files, served from memory on their own origin (app://vault-passphrase). */
export const PASSPHRASE_PAGES: Record<string, Record<string, BuiltinAsset>> = {
  [PASSPHRASE_HOST]: {
    '/index.html': { type: 'text/html; charset=utf-8', body: HTML, csp: DIALOG_CSP },
    '/dialog.js': { type: 'text/javascript; charset=utf-8', body: SCRIPT, csp: DIALOG_CSP },
    '/dialog.css': { type: 'text/css; charset=utf-8', body: STYLE, csp: DIALOG_CSP },
  },
};
