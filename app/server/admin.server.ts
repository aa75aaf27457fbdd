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
