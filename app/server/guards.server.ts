import { data, redirect, type RouterContextProvider } from "react-router";
import type { User } from "../../db/schema.ts";
import { isStaff, isSuperadmin } from "../lib/access.ts";
import { RETURN_ADDRESS_MAX } from "../lib/schemas/auth.ts";
import { getApp } from "./context.server.ts";
import { redirectWithToast } from "./toast.server.ts";

// Guards throw: a signed-out visitor is sent to /auth (and brought back afterwards), anyone else
// without the right gets a 403.

function loginRedirect(request: Request) {
  const url = new URL(request.url);
  const path = url.pathname.replace(/\.data$/, "");
  // An address longer than the login form carries back loses its query, then itself.
  const back = [path + url.search, path].find((candidate) => candidate.length <= RETURN_ADDRESS_MAX);
  const login = back ? `/auth?redirectTo=${encodeURIComponent(back)}` : "/auth";
  // A form sent after the session ended (signed out in another tab, expired): the login says the
  // change was not made, rather than nothing. (Long forms are kept through the login instead:
  // kept-forms.server.ts, before this guard.)
  if (request.method !== "GET" && request.method !== "HEAD") return redirectWithToast(login, SESSION_ENDED_TOAST);
  return redirect(login);
}

export const SESSION_ENDED_TOAST = {
  kind: "error",
  title: "Session ended",
  description: "Log in again, then make your change again: it was not saved.",
} as const;

export async function getOptionalUser(context: Readonly<RouterContextProvider>): Promise<User | null> {
  const current = await getApp(context).getSession();
  return current?.user ?? null;
}

export async function requireUser(context: Readonly<RouterContextProvider>, request: Request): Promise<User> {
  const user = await getOptionalUser(context);
  if (!user) throw loginRedirect(request);
  return user;
}

export async function requireStaff(context: Readonly<RouterContextProvider>, request: Request): Promise<User> {
  const user = await requireUser(context, request);
  if (!isStaff(user)) throw data("Unauthorized: Admins only", { status: 403 });
  return user;
}

export async function requireSuperadmin(context: Readonly<RouterContextProvider>, request: Request): Promise<User> {
  const user = await requireUser(context, request);
  if (!isSuperadmin(user)) throw data("Unauthorized: Superadmins only", { status: 403 });
  return user;
}
