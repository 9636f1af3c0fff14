// Imported first by main.tsx, before any module that builds or runs a schema. Zod's fast
// path compiles parsers with `new Function`, and its feature probe for that trips the
// page's CSP (no 'unsafe-eval'): a `securitypolicyviolation` and a console error on every
// load. Jitless parsing never tries.
import { z } from 'zod';

z.config({ jitless: true });
