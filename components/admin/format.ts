// Admin pages render on the server, so dates are formatted once there, in UTC and said so: the admins
// of one shop may sit in different time zones, and one clock avoids "which time is this?" questions.
const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const dateOnly = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** "Nov 21, 2026, 8:14 PM UTC" */
export function formatDateTime(iso: string): string {
  return `${dateTime.format(new Date(iso))} UTC`;
}

/** "Nov 21, 2026" */
export function formatDate(iso: string): string {
  return dateOnly.format(new Date(iso));
}
