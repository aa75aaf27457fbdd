import { data, redirect, type RouterContextProvider } from "react-router";
import type { User } from "../../db/schema.ts";
import { isStaff, isSuperadmin } from "../lib/access.ts";
import { RETURN_ADDRESS_MAX } from "../lib/schemas/auth.ts";
import { getApp } from "./context.server.ts";

// Guards throw: a signed-out visitor is sent to /auth (and brought back afterwards), anyone else
// without the right gets a 403.

function loginRedirect(request: Request) {
  const url = new URL(request.url);
  const path = url.pathname.replace(/\.data$/, "");
  // An address longer than the login form carries back loses its query, then itself.
  const back = [path + url.search, path].find((candidate) => candidate.length <= RETURN_ADDRESS_MAX);
  return redirect(back ? `/auth?redirectTo=${encodeURIComponent(back)}` : "/auth");
}

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
