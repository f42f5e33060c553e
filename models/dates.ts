// Every date the shop shows, in one style: en-US, the month abbreviated, in UTC and said so where a
// time of day is shown. Pages render on the server, and one clock for every reader avoids "which time
// is this?" between admins in different zones; a customer's receipt reads the same in every browser.
// Each formatter is made on first use: this module reaches browser bundles, and making one loads
// ICU's data on the main thread, a cost a page that shows no date should not pay at load (ADR 055).
function lazyFormat(options: Intl.DateTimeFormatOptions): (moment: Date) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (moment) => (format ??= new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" })).format(moment);
}
const dateTime = lazyFormat({ dateStyle: "medium", timeStyle: "short" });
const dateOnly = lazyFormat({ dateStyle: "medium" });
const monthYear = lazyFormat({ month: "long", year: "numeric" });

/** A moment with its time: "Nov 21, 2026, 8:14 PM UTC". */
export function formatDateTime(moment: string | Date): string {
  return `${dateTime(new Date(moment))} UTC`;
}

/** A moment's day: "Nov 21, 2026". */
export function formatDate(moment: string | Date): string {
  return dateOnly(new Date(moment));
}

/** A moment's month: "April 2024" ("Member since"). */
export function formatMonthYear(moment: string | Date): string {
  return monthYear(new Date(moment));
}

/**
 * A calendar date as stored and typed ("1990-04-25") as that day's midnight in UTC; null for anything
 * else, a day that does not exist ("1990-02-31") included. The profile's check and the display share it.
 */
export function parseCalendarDate(isoDate: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
}

/**
 * A calendar date as stored ("1990-04-25", a birthday) in the same style: "Apr 25, 1990". It is read
 * as a day, not a moment, so no time zone can move it; anything else is shown as it is.
 */
export function formatCalendarDate(isoDate: string): string {
  const day = parseCalendarDate(isoDate);
  return day ? dateOnly(day) : isoDate;
}
