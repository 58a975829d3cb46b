/**
 * Who may call a route, in the reference's words: one text per audience, for the contracts' descriptions, so routes
 * with the same policy read the same (the policy itself is the contract's `policy` and `token`).
 */
export const APPLICATION_READERS = "Everyone with a role in the application (super admins read).";
export const APPLICATION_ADMINS = "The application's owner and administrators, with a session (not an API token).";
export const SUPER_ADMINS = "Super admins only (SUPER_ADMIN_EMAILS), with a session.";
