import type { RouterContextProvider } from "react-router";
import { getApp } from "./context.server.ts";
import { requireStaff, requireSuperadmin } from "./guards.server.ts";

// Shared by the staff screens: the guard plus the app context in one call.

export async function staffContext(context: Readonly<RouterContextProvider>, request: Request) {
  const user = await requireStaff(context, request);
  return { user, app: getApp(context) };
}

export async function superadminContext(context: Readonly<RouterContextProvider>, request: Request) {
  const user = await requireSuperadmin(context, request);
  return { user, app: getApp(context) };
}

// The dashboard's lists (users, content, tips): each has its own page in the address.

/** A list's page from the address: 1 unless a positive whole number. */
export function dashboardPage(value: string | null) {
  const number = Number.parseInt(value ?? "1", 10);
  return Number.isFinite(number) && number > 0 ? Math.min(number, 100_000) : 1;
}

/** The address of the last page of the first list asked past its end (its tab open), or null. */
export function pageBeyondEnd(url: URL, lists: Record<"users" | "content" | "tips", [page: number, pageCount: number]>) {
  for (const [tab, [page, pageCount]] of Object.entries(lists)) {
    if (page <= pageCount) continue;
    const params = new URLSearchParams(url.search);
    if (pageCount > 1) params.set(`${tab}Page`, String(pageCount));
    else params.delete(`${tab}Page`);
    const query = params.toString();
    return `/admin${query ? `?${query}` : ""}#${tab}`;
  }
  return null;
}
