import { formatCalendarDate, formatDate, formatDateTime, formatMonthYear, isTimeZone, parseCalendarDate, shopTimeZone } from "./dates";
import { isRealPastDate, latestBirthday } from "./profile";

describe("dates as the shop shows them", () => {
  it("writes a moment in one style, in UTC, whatever the server's zone", () => {
    expect(formatDateTime("2026-11-21T20:14:00.000Z")).toBe("Nov 21, 2026, 8:14 PM UTC");
    expect(formatDate("2026-11-21T23:59:59.000Z")).toBe("Nov 21, 2026");
    expect(formatDate(new Date("2026-01-01T00:00:00.000Z"))).toBe("Jan 1, 2026");
    expect(formatMonthYear(new Date("2024-04-30T23:00:00.000Z"))).toBe("April 2024");
  });

  it("shows moments in the shop's zone when SHOP_TIME_ZONE names one, with the zone's name", () => {
    const before = process.env.SHOP_TIME_ZONE;
    try {
      process.env.SHOP_TIME_ZONE = "America/Chicago";
      expect(shopTimeZone()).toBe("America/Chicago");
      // 02:30 UTC on the 22nd is still the evening of the 21st in Chicago; summer time has its own name.
      expect(formatDateTime("2026-11-22T02:30:00.000Z")).toBe("Nov 21, 2026, 8:30 PM CST");
      expect(formatDateTime("2026-07-04T17:00:00.000Z")).toBe("Jul 4, 2026, 12:00 PM CDT");
      expect(formatDate("2026-11-22T02:30:00.000Z")).toBe("Nov 21, 2026");
      expect(formatMonthYear("2026-05-01T03:00:00.000Z")).toBe("April 2026");
      // A birthday is a day, not a moment: no zone moves it.
      expect(formatCalendarDate("1990-04-25")).toBe("Apr 25, 1990");
      process.env.SHOP_TIME_ZONE = "Europe/Berlin";
      expect(formatDateTime("2026-11-22T02:30:00.000Z")).toBe("Nov 22, 2026, 3:30 AM GMT+1");
      // The server refuses an unknown zone at start (lib/env.ts); a browser bundle falls back to UTC.
      process.env.SHOP_TIME_ZONE = "Europe/Atlantis";
      expect(shopTimeZone()).toBe("UTC");
      expect(formatDateTime("2026-11-22T02:30:00.000Z")).toBe("Nov 22, 2026, 2:30 AM UTC");
    } finally {
      if (before === undefined) delete process.env.SHOP_TIME_ZONE;
      else process.env.SHOP_TIME_ZONE = before;
    }
  });

  it("knows a time zone from a name that is not one", () => {
    for (const zone of ["UTC", "America/Chicago", "Europe/Berlin", "Asia/Kolkata", "America/Argentina/Buenos_Aires"]) expect(isTimeZone(zone)).toBe(true);
    for (const notAZone of ["", "Central Time", "Europe/Atlantis", "../etc/passwd", "UTC;"]) expect(isTimeZone(notAZone)).toBe(false);
  });

  it("writes a calendar date in the same style as a moment's day, never a day early", () => {
    expect(formatCalendarDate("1990-04-25")).toBe("Apr 25, 1990");
    expect(formatCalendarDate("1990-04-25")).toBe(formatDate("1990-04-25T12:00:00.000Z"));
    expect(formatCalendarDate("2000-02-29")).toBe("Feb 29, 2000");
  });

  it("shows what is not a real calendar date as it is", () => {
    expect(formatCalendarDate("1990-02-31")).toBe("1990-02-31");
    expect(formatCalendarDate("25/04/1990")).toBe("25/04/1990");
    expect(formatCalendarDate("")).toBe("");
  });

  it("reads only days that exist, as midnight UTC", () => {
    expect(parseCalendarDate("2000-02-29")?.toISOString()).toBe("2000-02-29T00:00:00.000Z");
    for (const notADay of ["1990-02-31", "1990-13-01", "0050-01-01", "1990-4-25", " 1990-04-25"]) expect(parseCalendarDate(notADay)).toBeNull();
  });

  it("accepts a birthday that is a real day, from 1900, before today (UTC)", () => {
    const now = new Date("2026-11-27T00:30:00.000Z");
    expect(isRealPastDate("1990-04-25", now)).toBe(true);
    expect(isRealPastDate("1900-01-01", now)).toBe(true);
    expect(isRealPastDate(latestBirthday(now), now)).toBe(true);
    for (const refused of ["1899-12-31", "2026-11-27", "1990-02-31", "25/04/1990"]) expect(isRealPastDate(refused, now)).toBe(false);
  });

  it("offers yesterday, in UTC, as the latest birthday", () => {
    expect(latestBirthday(new Date("2026-11-27T00:30:00.000Z"))).toBe("2026-11-26");
    expect(latestBirthday(new Date("2026-03-01T23:30:00.000Z"))).toBe("2026-02-28");
  });
});
