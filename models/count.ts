// Counts as people read them, the same on every page: "1 order", "12,480 orders", "Between 6 and 1,200
// units". A number of four digits or more without its separator ("100000 orders") is hard to read at
// a glance, and the shop used to show both styles.
//
// Written out rather than with Intl.NumberFormat: this module is in the browser bundle of every page,
// and the first Intl formatter a page makes loads ICU's locale data, about 9 ms of the main thread on
// a fast machine at load (a CPU profile of `/`, 2026-11-28; ADR 055). The output is en-US's, which
// the tests compare against Intl's.
const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

/** A whole number with its thousands separators: 1,234,567 (rounded half away from zero, as Intl does). */
export function formatCount(value: number): string {
  const whole = Math.round(Math.abs(value));
  if (!Number.isSafeInteger(whole)) return new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 }).format(value);
  return `${value < 0 && whole !== 0 ? "-" : ""}${String(whole).replace(THOUSANDS, ",")}`;
}

/** "1 order" or "1,234 orders": the number and the word that goes with it. */
export function countOf(value: number, one: string, many: string): string {
  return `${formatCount(value)} ${value === 1 ? one : many}`;
}

/**
 * A length of time given in minutes (ORDER_HOLD_MINUTES), as a person says it: "30 minutes",
 * "24 hours" (up to two days in hours, as shops write a hold), "3 days", "1 hour and 30 minutes".
 */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return countOf(rest, "minute", "minutes");
  if (rest === 0 && hours > 48 && hours % 24 === 0) return countOf(hours / 24, "day", "days");
  return rest === 0 ? countOf(hours, "hour", "hours") : `${countOf(hours, "hour", "hours")} and ${countOf(rest, "minute", "minutes")}`;
}
