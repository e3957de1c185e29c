import { describe, expect, it } from 'vitest';
import { isLoopbackHttpHost } from './loopback-http';

describe('isLoopbackHttpHost: where plain http is opened or linked', () => {
  it('is localhost itself, 127.0.0.0/8 and [::1]', () => {
    for (const host of ['localhost', '127.0.0.1', '127.5.6.7', '[::1]']) expect(isLoopbackHttpHost(new URL(`http://${host}:8080/`).hostname), host).toBe(true);
  });

  it('is no name under localhost, no trailing-dot form, no other spelling', () => {
    for (const host of ['accounts.google.com.localhost', 'app.localhost', 'localhost.', '[::ffff:127.0.0.1]', '127.0.0.1.nip.io', 'example.com', '10.0.0.1']) {
      expect(isLoopbackHttpHost(new URL(`http://${host}:8080/`).hostname), host).toBe(false);
    }
  });
});
