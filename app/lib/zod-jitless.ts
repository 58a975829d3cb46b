import { config } from "zod/v4/core";

// The CSP allows no eval: zod's fast path would probe `new Function`, which the browser reports as a policy
// violation even though zod catches the error. Validation stays the same, only without generated code.
config({ jitless: true });
