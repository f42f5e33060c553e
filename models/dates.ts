// Every date the shop shows, in one style: en-US, the month abbreviated, in the shop's time zone
// (SHOP_TIME_ZONE, UTC unless the operator sets one) and named where a time of day is shown
// ("8:14 PM UTC", "3:14 PM CST"). Pages render on the server, and one clock for every reader avoids
// "which time is this?" between admins in different places; a customer's receipt reads the same in
// every browser, in the time of the workshop that ships it (ADR 071).
// Each formatter is made on first use: this module reaches browser bundles, and making one loads
// ICU's data on the main thread, a cost a page that shows no date should not pay at load (ADR 055).

/** The zone dates are shown in when SHOP_TIME_ZONE is not set. */
export const DEFAULT_TIME_ZONE = "UTC";

/** Whether `name` is a time zone this runtime knows ("Europe/Berlin", "UTC"). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * The shop's time zone. The server checks SHOP_TIME_ZONE when it starts (lib/env.ts) and refuses an
 * unknown one, so the fallback here only serves a browser bundle, where the setting is not present.
 */
export function shopTimeZone(): string {
  const configured = typeof process === "undefined" ? undefined : process.env.SHOP_TIME_ZONE?.trim();
  if (!configured) return DEFAULT_TIME_ZONE;
  if (configured !== checked.name) checked = { name: configured, known: isTimeZone(configured) };
  return checked.known ? configured : DEFAULT_TIME_ZONE;
}
// The last setting read and whether it is a zone: checking makes a formatter, too dear for every date.
let checked: { name: string; known: boolean } = { name: "", known: false };

type Style = "dateTime" | "date" | "monthYear" | "year";
const STYLES: Record<Style, Intl.DateTimeFormatOptions> = {
  dateTime: { dateStyle: "medium", timeStyle: "short" },
  date: { dateStyle: "medium" },
  monthYear: { month: "long", year: "numeric" },
  year: { year: "numeric" },
};
const formats = new Map<string, Intl.DateTimeFormat>();

function format(style: Style, timeZone: string, moment: Date): string {
  const key = `${style} ${timeZone}`;
  let formatter = formats.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { ...STYLES[style], timeZone });
    formats.set(key, formatter);
  }
  return formatter.format(moment);
}

// dateStyle and timeZoneName cannot be combined in one formatter, so the zone's short name is read
// from a second one and appended: "Nov 21, 2026, 8:14 PM UTC", "Nov 21, 2026, 2:14 PM CST".
const zoneNames = new Map<string, Intl.DateTimeFormat>();
function zoneName(timeZone: string, moment: Date): string {
  let formatter = zoneNames.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" });
    zoneNames.set(timeZone, formatter);
  }
  return formatter.formatToParts(moment).find((part) => part.type === "timeZoneName")?.value ?? timeZone;
}

/** A moment with its time and zone: "Nov 21, 2026, 8:14 PM UTC". */
export function formatDateTime(moment: string | Date, timeZone: string = shopTimeZone()): string {
  const date = new Date(moment);
  return `${format("dateTime", timeZone, date)} ${zoneName(timeZone, date)}`;
}

/** A moment's day in the shop's zone: "Nov 21, 2026". */
export function formatDate(moment: string | Date, timeZone: string = shopTimeZone()): string {
  return format("date", timeZone, new Date(moment));
}

/** A moment's month in the shop's zone: "April 2024" ("Member since"). */
export function formatMonthYear(moment: string | Date, timeZone: string = shopTimeZone()): string {
  return format("monthYear", timeZone, new Date(moment));
}

/**
 * A moment's year in the shop's zone (the footer's "© 2027"): on New Year's Eve in Chicago it is
 * already next year in UTC, and the server's own clock may be set to either.
 */
export function yearInShopZone(moment: string | Date, timeZone: string = shopTimeZone()): number {
  return Number(format("year", timeZone, new Date(moment)));
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
  return day ? format("date", "UTC", day) : isoDate;
}
