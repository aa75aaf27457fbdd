import { useEffect, useRef } from "react";
import { Form, useLocation, useNavigation, useRouteLoaderData } from "react-router";
import { Avatar } from "~/components/avatar";
import { useCopiedFlag } from "~/components/copy-link";
import { Link } from "~/components/link";
import { formatShortDate } from "~/lib/format";
import { DELETE_CONFIRMATION } from "~/lib/schemas/account";
import { ACCESS_DAY_MAX, ACCESS_DAY_MIN, OWN_EMAIL_MESSAGE, OWN_ROLE_MESSAGE, ROLE_LABELS } from "~/lib/schemas/admin";
import { ROLES } from "../../../db/enums";
import type { loader as rootLoader } from "~/root";
import type { DashboardActionData as ActionData, DashboardLoaderData as LoaderData } from "~/routes/admin/dashboard";
import { DataTable, EmptyRow, Section } from "./data-table";
import { Pager, useDashboardQuery } from "./dashboard-query";
import { Dialog, useDialogAction } from "./dialog";
import { UserSearch } from "./user-search";

const STATUS_LABELS: Record<string, string> = { active: "Active", inactive: "Inactive", cancelled: "Cancelled", past_due: "Past Due" };

export function UsersTab({ data: users, actionData }: { data: NonNullable<LoaderData["users"]>; actionData: ActionData }) {
  const { params: searchParams, dialogHref, closeHref: closeTo } = useDashboardQuery();
  const closeHref = closeTo("users");
  const selectedId = searchParams.get("user");
  const dialog = searchParams.get("dialog");
  const selected = users.rows.find((row) => row.id === selectedId) ?? null;

  return (
    <Section id="users" title="Users">
      <UserSearch search={users.search} />
      <DataTable className="mt-5" scrollLabel="Users table" columns={["User", "Email", "Subscription", "Joined", "Actions"]}>
        {users.rows.length === 0 ? (
          <EmptyRow columns={5}>No users found.</EmptyRow>
        ) : (
          users.rows.map((row) => (
            <tr key={row.id}>
              <td>
                <span className="flex items-center gap-3">
                  <Avatar person={row} size="h-8 w-8 text-xs" />
                  <span className="cell-title">{[row.firstName, row.lastName].filter(Boolean).join(" ") || "—"}</span>
                </span>
              </td>
              <td>{row.email}</td>
              <td>
                <span className={`badge ${row.subscriptionTier === "premium" ? "bg-turf text-field-950" : "bg-field-700 text-slate-200"}`}>
                  {row.subscriptionTier === "premium" ? "Premium" : "Free"} · {STATUS_LABELS[row.subscriptionStatus]}
                </span>
              </td>
              <td>{formatShortDate(row.createdAt)}</td>
              <td>
                <span className="flex gap-3">
                  <Link discover="none" to={dialogHref({ user: row.id, dialog: "details" }, "users")} preventScrollReset className="text-link">Details</Link>
                  <Link discover="none" to={dialogHref({ user: row.id, dialog: "edit" }, "users")} preventScrollReset className="text-link">Edit</Link>
                </span>
              </td>
            </tr>
          ))
        )}
      </DataTable>
      <Pager page={users.page} pageCount={users.pageCount} param="usersPage" hash="users" />
      {selected && dialog === "details" ? <UserDetails user={selected} closeHref={closeHref} discordSync={users.discordSync} actionData={actionData} /> : null}
      {selected && dialog === "edit" ? <UserEdit user={selected} closeHref={closeHref} actionData={actionData} /> : null}
    </Section>
  );
}

type UserRow = NonNullable<LoaderData["users"]>["rows"][number];

function UserDetails({ user, closeHref, discordSync, actionData }: { user: UserRow; closeHref: string; discordSync: boolean; actionData: ActionData }) {
  const [copied, setCopied] = useCopiedFlag();
  return (
    <Dialog title="User details" closeHref={closeHref}>
      <div className="flex items-center gap-4">
        <Avatar person={user} size="h-14 w-14 text-xl" />
        <p className="min-w-0 break-words text-lg font-bold text-white">{[user.firstName, user.lastName].filter(Boolean).join(" ") || "—"}</p>
      </div>
      <dl className="mt-5 space-y-3 text-sm">
        {/* A long address wraps inside the dialog; 'Copy' stays in view beside it. */}
        <div className="flex items-center justify-between gap-4">
          <dt className="shrink-0 text-slate-400">Email</dt>
          <dd className="flex min-w-0 items-center gap-2 text-white">
            <span className="min-w-0 break-all">{user.email}</span>
            <button
              type="button"
              className="shrink-0 rounded-md border border-field-600 px-2 py-1 text-xs font-semibold text-slate-200 hover:bg-field-700"
              onClick={async () => {
                await navigator.clipboard.writeText(user.email).catch(() => undefined);
                setCopied(true);
              }}
              aria-label="Copy email"
            >
              {copied ? "✓ Copied" : "Copy"}
            </button>
          </dd>
        </div>
        <div className="flex justify-between gap-4"><dt className="text-slate-400">Subscription tier</dt><dd className="capitalize text-white">{user.subscriptionTier || "None"}</dd></div>
        <div className="flex justify-between gap-4"><dt className="text-slate-400">Status</dt><dd className="text-white">{STATUS_LABELS[user.subscriptionStatus] ?? "Inactive"}</dd></div>
        <div className="flex justify-between gap-4"><dt className="text-slate-400">Premium access until</dt><dd className="text-white">{formatShortDate(user.accessExpiresAt)}</dd></div>
        <div className="flex justify-between gap-4"><dt className="text-slate-400">Joined</dt><dd className="text-white">{formatShortDate(user.createdAt)}</dd></div>
        {discordSync ? <DiscordDetails discord={user.discord} /> : null}
      </dl>
      {discordSync && user.discord ? <DiscordSyncForm userId={user.id} /> : null}
      {user.role === "user" ? <DeleteUserForm user={user} error={actionData?.intent === "delete-user" ? actionData.error : null} /> : null}
    </Dialog>
  );
}

function discordRoleLabel(discord: NonNullable<UserRow["discord"]>) {
  if (discord.needsReconnect && !discord.roleGranted) return "Needs to reconnect (left the server or revoked the app)";
  if (discord.pending && discord.lastError) return `Retrying: ${discord.lastError}`;
  if (discord.pending) return "Sync pending";
  return discord.roleGranted ? "Members' role given" : "No members' role";
}

function DiscordDetails({ discord }: { discord: UserRow["discord"] }) {
  return (
    <>
      <div className="flex justify-between gap-4"><dt className="text-slate-400">Discord</dt><dd className="text-right text-white">{discord ? discord.username : "Not linked"}</dd></div>
      {discord ? (
        <>
          <div className="flex justify-between gap-4"><dt className="text-slate-400">Discord role</dt><dd className="text-right text-white">{discordRoleLabel(discord)}</dd></div>
          <div className="flex justify-between gap-4"><dt className="text-slate-400">Last synced</dt><dd className="text-white">{formatShortDate(discord.syncedAt)}</dd></div>
        </>
      ) : null}
    </>
  );
}

function DiscordSyncForm({ userId }: { userId: string }) {
  const navigation = useNavigation();
  // The list's search and page go with the form, so that the answer opens this dialog on the same list.
  const { search } = useLocation();
  const action = `/admin/discord-sync${search}`;
  const syncing = navigation.state !== "idle" && navigation.formAction?.startsWith("/admin/discord-sync");
  return (
    <Form method="post" action={action} className="mt-5 flex justify-end" preventScrollReset>
      <input type="hidden" name="userId" value={userId} />
      {/* aria-disabled, not disabled: a disabled button drops the keyboard's focus out of the dialog. */}
      <button type="submit" className="btn-secondary" aria-disabled={syncing || undefined} onClick={(event) => syncing && event.preventDefault()}>
        {syncing ? "Syncing..." : "Sync now"}
      </button>
    </Form>
  );
}

function UserEdit({ user, closeHref, actionData }: { user: UserRow; closeHref: string; actionData: ActionData }) {
  const navigation = useNavigation();
  const errors = (actionData && "fieldErrors" in actionData ? actionData.fieldErrors : {}) as Record<string, string[] | undefined>;
  const formError = actionData?.intent === "update-user" ? actionData.error : null;
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "update-user";
  // A refused edit of this user comes back as typed (without JavaScript the dialog is a new page).
  const typed = actionData && "values" in actionData && actionData.values?.userId === user.id ? actionData.values : null;
  const expires = typed ? typed.accessExpiresAt : user.accessExpiresAt ? new Date(user.accessExpiresAt).toISOString().slice(0, 10) : "";
  const revision = typed?.revision || String(user.updatedAt);
  const ownRow = useRouteLoaderData<typeof rootLoader>("root")?.viewer?.id === user.id;
  // A refused save (JavaScript on): the keyboard goes to the first field it names, else stays on 'Save Changes'.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (actionData?.intent !== "update-user" || !formRef.current) return;
    const target = formRef.current.querySelector<HTMLElement>('[aria-invalid="true"]') ?? formRef.current.querySelector<HTMLElement>('button[type="submit"]');
    target?.focus();
  }, [actionData]);
  const field = (name: string, label: string, input: React.ReactNode) => (
    <div>
      <label htmlFor={`edit-${name}`} className="label">{label}</label>
      {input}
      {errors[name]?.[0] ? <p id={`edit-${name}-error`} className="field-error" role="alert">{errors[name]![0]}</p> : null}
    </div>
  );
  // A control's hint and, when refused, its error: read with it, and the control marked invalid.
  const described = (name: string, hint?: string | null) => {
    const error = errors[name]?.[0] ? `edit-${name}-error` : null;
    const ids = [hint, error].filter(Boolean).join(" ");
    return { "aria-describedby": ids || undefined, "aria-invalid": error ? true : undefined };
  };
  // One's own e-mail and role are shown, not changed, with why; a forged change of either is
  // refused with the same words, which then stand alone rather than twice.
  const dialogAction = useDialogAction();
  const emailHint = ownRow && errors.email?.[0] !== OWN_EMAIL_MESSAGE;
  // Stripe still charges them (Free is refused), or a cancelled subscription runs to its period's end (Free ends it now).
  const tierHint = user.billed
    ? "Pays through a running subscription: Free once it is cancelled."
    : user.stripeStatus && user.subscriptionTier === "premium"
      ? "Cancelled, paid to the end of its period: Free ends it at Stripe now, with no refund (give one in Stripe if it is owed)."
      : null;
  const roleHint = !ownRow ? "edit-role-note" : errors.role?.[0] === OWN_ROLE_MESSAGE ? null : "edit-role-hint";
  return (
    <Dialog title="Edit user" closeHref={closeHref}>
      {/* The server's messages ('Invalid email address', 'First name is required'), not the browser's bubbles. */}
      {/* Keyed by the revision: a save refused as stale comes back with the stored subscription fields. */}
      <Form key={revision} ref={formRef} method="post" action={dialogAction} className="space-y-4" preventScrollReset noValidate>
        <input type="hidden" name="intent" value="update-user" />
        <input type="hidden" name="userId" value={user.id} />
        <input type="hidden" name="revision" value={revision} />
        {formError ? <p role="alert" className="field-error">{formError}</p> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          {field("firstName", "First name", <input id="edit-firstName" name="firstName" defaultValue={typed ? typed.firstName : (user.firstName ?? "")} {...described("firstName")} className="input" />)}
          {field("lastName", "Last name", <input id="edit-lastName" name="lastName" defaultValue={typed ? typed.lastName : (user.lastName ?? "")} {...described("lastName")} className="input" />)}
        </div>
        {field(
          "email",
          "Email",
          // Nobody changes their own e-mail (the permission table); the server refuses it too.
          <>
            <input
              id="edit-email"
              name="email"
              type="email"
              defaultValue={typed ? typed.email : user.email}
              readOnly={ownRow}
              {...described("email", emailHint ? "edit-email-hint" : null)}
              className={ownRow ? "input opacity-70" : "input"}
            />
            {emailHint ? <p id="edit-email-hint" className="mt-1 text-xs text-slate-400">{OWN_EMAIL_MESSAGE}</p> : null}
          </>,
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          {field(
            "subscriptionTier",
            "Tier",
            <>
              <select
                id="edit-subscriptionTier"
                name="subscriptionTier"
                defaultValue={typed?.subscriptionTier || user.subscriptionTier}
                {...described("subscriptionTier", tierHint ? "edit-tier-hint" : null)}
                className="input"
              >
                <option value="free">Free</option>
                <option value="premium">Premium</option>
              </select>
              {tierHint ? <p id="edit-tier-hint" className="mt-1 text-xs text-slate-400">{tierHint}</p> : null}
            </>,
          )}
          {field(
            "subscriptionStatus",
            "Status",
            <>
              <select
                id="edit-subscriptionStatus"
                name="subscriptionStatus"
                defaultValue={typed?.subscriptionStatus || user.subscriptionStatus}
                {...described("subscriptionStatus", user.stripeStatus ? "edit-status-hint" : null)}
                className="input"
              >
                <option value="active">Active</option>
                <option value="inactive">Inactive</option>
                <option value="cancelled">Cancelled</option>
                {/* Stripe's word for a failed payment: only a member with a subscription can have one. */}
                <option value="past_due" disabled={!user.subscribed && user.subscriptionStatus !== "past_due"}>
                  Past Due
                </option>
              </select>
              {user.stripeStatus ? <p id="edit-status-hint" className="mt-1 text-xs text-slate-400">Set by Stripe while the subscription runs.</p> : null}
            </>,
          )}
        </div>
        {field(
          "accessExpiresAt",
          "Premium access until",
          <input id="edit-accessExpiresAt" name="accessExpiresAt" type="date" min={ACCESS_DAY_MIN} max={ACCESS_DAY_MAX} defaultValue={expires} {...described("accessExpiresAt", "edit-access-hint")} className="input" />,
        )}
        <p id="edit-access-hint" className="text-xs text-slate-400">
          Premium tier gives access only while this date is in the future.{user.stripeStatus ? " Set by Stripe while the subscription runs." : ""}
        </p>
        {field(
          "role",
          "Role",
          // A superadmin's own role is shown, not sent: another superadmin changes it (the server refuses it too).
          <>
            <select
              id="edit-role"
              name="role"
              defaultValue={typed?.role || user.role}
              disabled={ownRow}
              {...described("role", roleHint)}
              className={ownRow ? "input opacity-70" : "input"}
            >
              {ROLES.map((role) => (
                <option key={role} value={role}>{ROLE_LABELS[role]}</option>
              ))}
            </select>
            {roleHint === "edit-role-hint" ? (
              <p id="edit-role-hint" className="mt-1 text-xs text-slate-400">{OWN_ROLE_MESSAGE}</p>
            ) : roleHint === "edit-role-note" ? (
              <p id="edit-role-note" className="mt-1 text-xs text-slate-400">Admins review tips and manage content; superadmins also manage users and the blog. A change applies at their next page.</p>
            ) : null}
          </>,
        )}
        <div className="flex justify-end gap-3 pt-2">
          <Link to={closeHref} preventScrollReset className="btn-secondary">Cancel</Link>
          {/* aria-disabled, not disabled: a disabled button drops the keyboard's focus to the page (a refused save keeps it here). */}
          <button type="submit" className="btn-primary" aria-disabled={saving || undefined} onClick={(event) => saving && event.preventDefault()}>
            {saving ? "Saving..." : "Save Changes"}
          </button>
        </div>
      </Form>
    </Dialog>
  );
}

/** The superadmin's 'Delete account': the same deletion as the member's own, confirmed by typing DELETE. */
function DeleteUserForm({ user, error }: { user: UserRow; error: string | null | undefined }) {
  const navigation = useNavigation();
  const action = useDialogAction();
  const deleting = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete-user";
  // Refused ('Type DELETE to confirm.'), the keyboard goes back to the box to correct: the button it
  // was on was disabled while sending, which dropped the focus to the page.
  const confirmation = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (error && !deleting) confirmation.current?.focus({ preventScroll: true });
  }, [error, deleting]);
  return (
    <Form method="post" action={action} className="mt-6 space-y-3 rounded-lg border border-red-400/40 bg-red-950/30 p-4" preventScrollReset>
      <input type="hidden" name="intent" value="delete-user" />
      <input type="hidden" name="userId" value={user.id} />
      <p className="text-sm text-slate-200">
        Deleting this account cancels its subscription at once, ends its sessions and removes its data; its comments stay under &lsquo;Former member&rsquo;.
      </p>
      {error ? <p id="delete-user-error" role="alert" className="field-error">{error}</p> : null}
      <div>
        <label htmlFor="delete-user-confirmation" className="label">Type {DELETE_CONFIRMATION} to confirm</label>
        <input
          ref={confirmation}
          id="delete-user-confirmation"
          name="confirmation"
          autoComplete="off"
          spellCheck={false}
          className="input"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "delete-user-error" : undefined}
        />
      </div>
      <button type="submit" className="btn-danger" disabled={deleting}>{deleting ? "Deleting..." : "Delete account"}</button>
    </Form>
  );
}
