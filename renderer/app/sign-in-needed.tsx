/** Web mode without the per-run secret: the page cannot reach the core, and says how to fix that. */
export function SignInNeeded() {
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
