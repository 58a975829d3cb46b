/** The spec's password rules: 6 is the minimum; 8+ with mixed case, digits and symbols is recommended. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordStrength = "weak" | "medium" | "strong";

export interface PasswordChecks {
  minLength: boolean;
  recommendedLength: boolean;
  upperAndLower: boolean;
  digit: boolean;
  special: boolean;
}

export function passwordChecks(password: string): PasswordChecks {
  return {
    minLength: password.length >= PASSWORD_MIN_LENGTH,
    recommendedLength: password.length >= 8,
    upperAndLower: /[a-z]/.test(password) && /[A-Z]/.test(password),
    digit: /\d/.test(password),
    special: /[^A-Za-z0-9]/.test(password),
  };
}

/** weak: below the minimum or meeting at most two recommendations; strong: all four recommendations. */
export function passwordStrength(password: string): PasswordStrength {
  const checks = passwordChecks(password);
  if (!checks.minLength) return "weak";
  const met = [checks.recommendedLength, checks.upperAndLower, checks.digit, checks.special].filter(Boolean).length;
  if (met === 4) return "strong";
  if (met >= 2) return "medium";
  return "weak";
}
