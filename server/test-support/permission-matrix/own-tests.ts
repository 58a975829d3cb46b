/**
 * Operations the permission matrix does not call, each with the test file that covers who may call it and why the
 * matrix cannot: the matrix tries one shared application and the callers around it, so routes that act only on the
 * caller's own account, talk to the payment provider or take a file upload are tried where their set-up lives.
 * Public operations need no entry: the matrix calls each without a session.
 */
export interface OwnTest {
  file: string;
  why: string;
}

const OWN_ACCOUNT =
  "acts only on the caller's own account: there is no one else's to try, and it would change the callers the matrix relies on";
const PAYMENTS = "talks to the payment provider: the fake Stripe and its subscriptions are set up there";
const LOCAL_BILLING = "a local checkout session exists only after a checkout the billing test starts";
const UPLOAD = "its body is a file upload (not JSON), which the route's own test builds";

const own = (file: string, why: string): OwnTest => ({ file, why });

export const OWN_TESTS: Record<string, OwnTest> = {
  "DELETE /api/account": own("server/routes/account/account.test.ts", OWN_ACCOUNT),
  "PATCH /api/account/profile": own("server/routes/account/account.test.ts", OWN_ACCOUNT),
  "POST /api/account/tokens": own("server/routes/account/api-tokens.test.ts", OWN_ACCOUNT),
  "DELETE /api/account/tokens": own(
    "server/routes/account/api-tokens.test.ts",
    `${OWN_ACCOUNT} (it revokes the tokens of the matrix's token cases)`,
  ),
  "GET /api/billing/subscription": own("server/routes/billing/billing-permissions.test.ts", PAYMENTS),
  "GET /api/billing/invoices": own("server/routes/billing/billing-permissions.test.ts", PAYMENTS),
  "POST /api/billing/check": own("server/routes/billing/billing-permissions.test.ts", PAYMENTS),
  "POST /api/billing/checkout": own("server/routes/billing/billing-permissions.test.ts", PAYMENTS),
  "POST /api/billing/portal": own("server/routes/billing/billing-permissions.test.ts", PAYMENTS),
  "POST /api/billing/change-plan": own("server/routes/billing/billing-permissions.test.ts", PAYMENTS),
  "POST /api/billing/cancel": own("server/routes/billing/billing-permissions.test.ts", PAYMENTS),
  "POST /api/billing/resume": own("server/routes/billing/billing-permissions.test.ts", PAYMENTS),
  "GET /api/billing/local/sessions/:id": own("server/routes/billing/billing-local.test.ts", LOCAL_BILLING),
  "POST /api/billing/local/sessions/:id/pay": own("server/routes/billing/billing-local.test.ts", LOCAL_BILLING),
  "POST /api/billing/local/sessions/:id/cancel": own("server/routes/billing/billing-local.test.ts", LOCAL_BILLING),
  "POST /api/billing/local/simulate": own(
    "server/routes/billing/billing-local.test.ts",
    "changes the caller's own plan, which the matrix's owner needs as it is",
  ),
  "POST /api/applications/import/xlsform": own("server/routes/xlsform/xlsform.test.ts", UPLOAD),
  "PUT /api/attachments/:id": own("server/routes/attachments/attachments.test.ts", UPLOAD),
};
