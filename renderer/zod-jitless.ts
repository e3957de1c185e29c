import { z } from 'zod';

// Zod probes for eval (its JIT) when an object schema is built; the page CSP forbids eval, and the
// probe alone shows up as a CSP violation. This module is imported before any schema exists.
z.config({ jitless: true });
