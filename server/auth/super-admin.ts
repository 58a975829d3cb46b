/** Super admins are named by e-mail in SUPER_ADMIN_EMAILS (lower-cased by server/config.ts); e-mails compare case-blind. */
export function isSuperAdminEmail(email: string, superAdminEmails: readonly string[]): boolean {
  return superAdminEmails.includes(email.toLowerCase());
}
