// One address is one account, however it was typed.

/** Trims and lower-cases an email so one address is one account. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
