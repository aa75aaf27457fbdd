import { describe, expect, it } from "vitest";
import { formatCount, formatDateTime, formatShortDate } from "~/lib/format";

// The shared formatters of counts and dates, against what the runtime's Intl writes for en-US.

describe("formatting counts and dates", () => {
  it("groups whole counts by thousands as Intl does", () => {
    const intl = new Intl.NumberFormat("en-US");
    for (const value of [0, 7, 999, 1000, 12_345, 999_999, 1_000_000, 1_234_567_890, -1, -1234, -1_000_000, Number.MAX_SAFE_INTEGER]) {
      expect(formatCount(value)).toBe(intl.format(value));
    }
    expect(formatCount(1234.5)).toBe("1,234.5");
  });

  it("writes a short date and a moment in UTC", () => {
    expect(formatShortDate(Date.UTC(2026, 8, 5, 23, 59))).toBe("Sep 5, 2026");
    expect(formatShortDate(null)).toBe("Never");
    expect(formatDateTime(Date.UTC(2026, 10, 18, 15, 7))).toBe("Nov 18, 2026, 3:07 PM UTC");
  });
});
