// Must be imported before any schema is built: zod probes `new Function` when a schema is created, and the page's CSP
// (no 'unsafe-eval') would report that probe as a violation even though zod catches the error.
import { config } from 'zod';

config({ jitless: true });
