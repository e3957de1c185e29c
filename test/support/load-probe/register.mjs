// Imported with `node --import` (NODE_OPTIONS) by tests that ask which files a process loaded:
// every module the ES module loader loads is appended to the file named by LOAD_PROBE_FILE.
import { register } from 'node:module';

if (process.env.LOAD_PROBE_FILE) register('./hooks.mjs', import.meta.url);
