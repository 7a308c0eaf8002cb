import { z } from "zod";

/**
 * Zod, set up once for every schema in the project. Zod compiles object parsers with
 * `new Function` when it can; the site's Content-Security-Policy (no 'unsafe-eval') forbids
 * that, and the browser reports every probe as a policy violation (a failed Lighthouse
 * best-practices audit), while Workers refuse eval anyway. Jitless parsing runs the same
 * checks without eval. Import `z` from here, never from "zod" directly.
 */
z.config({ jitless: true });

export { z };
