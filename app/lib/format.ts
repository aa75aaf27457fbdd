const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function toDate(value: Date | number | string | null | undefined): Date | null {
  if (value == null || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Listings: 'MMM dd, yyyy' (Jan 05, 2025), in UTC so server and browser agree. */
export function formatListingDate(value: Date | number | string | null | undefined): string {
  const date = toDate(value);
  if (!date) return "";
  const day = String(date.getUTCDate()).padStart(2, "0");
  return `${MONTHS[date.getUTCMonth()]} ${day}, ${date.getUTCFullYear()}`;
}

/** Staff tables and account pages: en-US short month (Jan 5, 2025); an empty date shows 'Never'. */
export function formatShortDate(value: Date | number | string | null | undefined): string {
  const date = toDate(value);
  if (!date) return "Never";
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** Staff history: 'Nov 18, 2026, 3:07 PM UTC'. One shared formatter: toLocaleString builds a new one per call. */
const DATE_TIME_FORMAT = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZone: "UTC", timeZoneName: "short" });

export function formatDateTime(value: Date | number): string {
  return DATE_TIME_FORMAT.format(value);
}

const NUMBER_FORMAT = new Intl.NumberFormat("en-US");

const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

/**
 * Counts with thousands separators (12,345). A whole number is grouped by hand (a fifth of the
 * shared formatter's cost, which listings pay once per card); anything else goes to the formatter.
 */
export function formatCount(value: number): string {
  return Number.isSafeInteger(value) ? String(value).replace(THOUSANDS, ",") : NUMBER_FORMAT.format(value);
}

export const GAME_LABELS = { college: "College Football 26", madden: "Madden NFL 26" } as const;

/** True for a real calendar day written YYYY-MM-DD: '2026-02-28' is one, '2026-02-30' and '2026-13-01' are not
 * (Date would roll them over into the next month). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
