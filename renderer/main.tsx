import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getApi } from './api';
import { App } from './app';
import './styles';

/** Web mode without the per-run secret: the page cannot reach the core, and says how to fix that. */
function SignInNeeded() {
  return (
    <main id="main">
      <h1>Open the address that serve printed</h1>
      <p>
        This page needs the address that <code>connected-services serve</code> printed when it started (it ends in{' '}
        <code>#token=…</code>). Open that address; this tab then keeps the secret until you close it.
      </p>
    </main>
  );
}

const root = document.getElementById('root');
if (root) {
  // Read before the first render: the secret leaves the address bar before the router reads the hash.
  const api = getApi();
  createRoot(root).render(<StrictMode>{api ? <App api={api} /> : <SignInNeeded />}</StrictMode>);
}
