import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { Route } from "./+types/updates";
import { queueHref, RetestQueue } from "~/components/admin/retest-queue";
import { TitleUpdateForm, TitleUpdateList } from "~/components/admin/title-updates";
import { FormAlert } from "~/components/forms";
import { Link } from "~/components/link";
import { useFocusAfterSave } from "~/components/use-focus-on-arrival";
import { GAMES } from "../../../db/enums";
import { formatUpdateDate, GAME_LABELS } from "~/lib/patch";
import { markSchemeVerifiedSchema, markVerifiedSchema, parseQueueItem, queueItemField, titleUpdateSchema } from "~/lib/schemas/patch";
import { staffContext } from "~/server/admin.server";
import { readForm, revisionOf } from "~/server/http.server";
import { readPage } from "~/server/page-read.server";
import { markSchemeVerified, markVerified } from "~/server/item-status.server";
import {
  basisChangedGames,
  gamesOfItems,
  retestBasis,
  nextGameplayVersions,
  retestCountsQuery,
  retestQueueQuery,
  RETEST_PAGE_SIZE,
  titleUpdatesQuery,
  updateVersionsQuery,
  versionLabels,
  withStanding,
} from "~/server/patch.server";
import { deleteTitleUpdate, editTitleUpdate, recordTitleUpdate } from "~/server/title-updates.server";
import { redirectWithToast } from "~/server/toast.server";

// The staff's patch-day screen: record, edit and delete each game's title updates, and work through
// the re-test queue (one-click 'Verified', or 'Mark verified' for a selection). Every form posts
// here and works without JavaScript. (An item's own status is set in the content editor.)

export function meta({ error }: Route.MetaArgs) {
  // A refused or failed page names itself (its error page sets the title).
  if (error) return [{ name: "robots", content: "noindex" }];
  return [{ title: "Title Updates and Re-test Queue | Gridiron Playbook" }, { name: "robots", content: "noindex" }];
}

function queueParams(url: URL) {
  const game = GAMES.find((value) => value === url.searchParams.get("game")) ?? null;
  const page = Math.min(Math.max(Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1, 1), 10_000);
  return { game, page };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app } = await staffContext(context, request);
  const url = new URL(request.url);
  const { game, page } = queueParams(url);
  const editId = Number(url.searchParams.get("edit")) || null;
  const { updates, counts, queue, versions } = await readPage(app, () => ({
    updates: titleUpdatesQuery(app.db),
    counts: retestCountsQuery(app.db),
    queue: retestQueueQuery(app.db, { game, page }),
    versions: updateVersionsQuery(app.db),
  }));
  const labels = versionLabels(versions);
  const later = nextGameplayVersions(updates);
  const listed = withStanding(updates).map((update) => ({ ...update, laterGameplay: later.get(update.id) ?? null }));
  const total = counts.filter((row) => !game || row.game === game).reduce((sum, row) => sum + Number(row.total), 0);
  const pageCount = Math.max(1, Math.ceil(total / RETEST_PAGE_SIZE));
  // The last rows of a page verified: its page is gone. The last page that has rows, not an empty queue.
  if (page > pageCount) throw redirect(queueHref(game, pageCount));
  return {
    updates: listed,
    editing: listed.find((update) => update.id === editId) ?? null,
    counts: Object.fromEntries(counts.map((row) => [row.game, Number(row.total)])) as Partial<Record<(typeof GAMES)[number], number>>,
    queue: {
      game,
      page,
      pageCount,
      basis: retestBasis(updates),
      rows: queue.map((row) => ({ ...row, version: row.statusUpdateId ? (labels[row.statusUpdateId] ?? null) : null })),
    },
  };
}

/** Mark verified changes only what still needs a re-test: another staff member may have got there first. */
const NOTHING_VERIFIED = {
  kind: "error" as const,
  title: "Nothing verified",
  description: "None of these items needs a re-test any more: another staff member set their status meanwhile. The queue shows what is left.",
};

/** A verification sent from a queue loaded before another gameplay update took effect. */
const NEWER_UPDATE = {
  kind: "error" as const,
  title: "Nothing verified",
  description: "A title update that touches gameplay took effect after this queue was loaded: test again on it. The queue shows what needs it now.",
};

/** What taking back an update's re-test did (title-updates.server.ts undoRetestStatements), or handing it on to a later gameplay update. */
function restoredText(outcome: { restored?: number; carried?: number; carriedTo?: string }, none: string) {
  if (outcome.carriedTo && outcome.carried) {
    const carried = outcome.carried;
    return `${outcome.carriedTo} touched gameplay since: ${carried} ${carried === 1 ? "item that was" : "items that were"} still to re-test ${carried === 1 ? "needs" : "need"} it after ${outcome.carriedTo}.`;
  }
  const restored = outcome.restored ?? 0;
  if (restored === 0) return none;
  return `${restored} ${restored === 1 ? "item that was" : "items that were"} still to re-test ${restored === 1 ? "has its" : "have their"} earlier status back; statuses set since are kept.`;
}

/** Back to the queue with its game and page kept (the loader moves a page that is gone to the last). */
function back(request: Request) {
  const { game, page } = queueParams(new URL(request.url));
  return queueHref(game, page);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user, app } = await staffContext(context, request);
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");

  if (intent === "save-update") {
    const submission = parseWithZod(formData, { schema: titleUpdateSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply(), error: null, revision: null }, { status: 400 });
    const { updateId } = submission.value;
    const outcome = updateId
      ? await editTitleUpdate(app.db, updateId, submission.value, user.id, Date.now(), revisionOf(formData))
      : await recordTitleUpdate(app.db, submission.value, user.id);
    if (!outcome) return data({ intent, result: submission.reply({ formErrors: ["That title update no longer exists."] }), error: null, revision: null }, { status: 404 });
    if (!outcome.ok) {
      const reply = outcome.field ? submission.reply({ fieldErrors: { [outcome.field]: [outcome.error] } }) : submission.reply({ formErrors: [outcome.error] });
      return data({ intent, result: reply, error: null, revision: outcome.revision ?? null }, { status: 409 });
    }
    const what = updateId ? "Title update saved" : "Title update recorded";
    const { version, releasedOn, gameplay, game } = submission.value;
    const effect = outcome.scheduled
      ? ` It takes effect on ${formatUpdateDate(releasedOn)}${gameplay ? ": then every verified or adjusted item of the game goes back to re-test" : ""}.`
      : outcome.retested
        ? " Every verified or adjusted item of the game now needs a re-test."
        : outcome.restored !== undefined || outcome.carriedTo
          ? ` ${restoredText(outcome, "Statuses set since its re-test are kept.")}`
          : outcome.older
            ? " It is dated before the game's current update: nothing was sent to re-test."
            : "";
    // The game named: two games often share a version number, and this is where a wrong pick shows.
    return redirectWithToast("/admin/updates", { kind: "success", title: what, description: `${GAME_LABELS[game]} ${version} is saved.${effect}` });
  }

  if (intent === "delete-update") {
    const deleted = await deleteTitleUpdate(app.db, Number(formData.get("updateId")));
    if (!deleted) return data({ intent, result: null, error: "That title update no longer exists." }, { status: 404 });
    return redirectWithToast("/admin/updates", {
      kind: "success",
      title: "Title update deleted",
      description: `${GAME_LABELS[deleted.game]} ${deleted.version} is deleted. ${restoredText(deleted, "Statuses that named it are kept.")}`,
    });
  }

  if ((intent === "mark-verified" || intent === "mark-scheme-verified") && formData.has("basis")) {
    // Refused only for the games whose gameplay update changed since the queue was loaded.
    const changed = basisChangedGames(String(formData.get("basis")), retestBasis(await titleUpdatesQuery(app.db)));
    if (changed.length) {
      const items =
        intent === "mark-verified"
          ? formData.getAll("items").map(String).filter((value) => queueItemField.safeParse(value).success).map(parseQueueItem)
          : [{ kind: "content" as const, id: Number(formData.get("contentId")) || 0 }];
      const games = await gamesOfItems(app.db, items);
      if (changed.some((game) => games.has(game))) return redirectWithToast(back(request), NEWER_UPDATE);
    }
  }

  if (intent === "mark-verified") {
    const submission = parseWithZod(formData, { schema: markVerifiedSchema });
    if (submission.status !== "success") {
      return data({ intent, result: submission.reply(), error: submission.error?.items?.[0] ?? Object.values(submission.error ?? {}).flat()[0] ?? "Select at least one item." }, { status: 400 });
    }
    const changed = await markVerified(app.db, submission.value.items.map(parseQueueItem), user.id);
    if (changed === 0) return redirectWithToast(back(request), NOTHING_VERIFIED);
    return redirectWithToast(back(request), {
      kind: "success",
      title: "Marked verified",
      description: `${changed} ${changed === 1 ? "item is" : "items are"} verified on the current update.`,
    });
  }

  if (intent === "mark-scheme-verified") {
    const submission = parseWithZod(formData, { schema: markSchemeVerifiedSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply(), error: "Unknown item." }, { status: 400 });
    const changed = await markSchemeVerified(app.db, submission.value.contentId, user.id);
    if (!changed.scheme && changed.plays === 0) return redirectWithToast(back(request), NOTHING_VERIFIED);
    const plays = `${changed.plays} ${changed.plays === 1 ? "play" : "plays"}`;
    return redirectWithToast(back(request), {
      kind: "success",
      title: "Marked verified",
      description: !changed.scheme
        ? `${plays} verified on the current update. The scheme's own status was set meanwhile and is kept.`
        : changed.plays
          ? `${changed.plays + 1} items are verified on the current update: the scheme and ${plays}.`
          : "1 item is verified on the current update: the scheme.",
    });
  }

  return data({ intent, result: null, error: "Unknown action." }, { status: 400 });
}

export type UpdatesLoaderData = Route.ComponentProps["loaderData"];
export type UpdatesActionData = Route.ComponentProps["actionData"];

export default function AdminUpdates({ loaderData, actionData }: Route.ComponentProps) {
  // Where the keyboard goes after a save that redraws the form or drops a row (title-updates.tsx).
  const aimFocus = useFocusAfterSave();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <Link to="/admin#updates" className="text-sm font-semibold text-slate-300 hover:text-white">
        <span aria-hidden="true">←</span> Back to Dashboard
      </Link>
      <h1 className="mt-4 font-display text-3xl font-black text-white">Title Updates</h1>
      {/* 'Mark verified' says its refusal beside its button (retest-queue.tsx), not here as well. */}
      {actionData?.error && actionData.intent !== "mark-verified" ? (
        <div className="mt-4">
          <FormAlert errors={[actionData.error]} />
        </div>
      ) : null}
      <p className="mt-1 text-sm text-slate-400">
        Record each game's title updates. One that touches gameplay sends every verified or adjusted scheme and play of its game back to re-test.
        Dated ahead, an update is scheduled: it takes effect on its release day (UTC), and its re-test runs then.
      </p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[360px_1fr]">
        {/* A recorded update is the newest id: the form starts empty again, with JavaScript too. */}
        <TitleUpdateForm
          key={loaderData.editing?.id ?? `new-after-${Math.max(0, ...loaderData.updates.map((update) => update.id))}`}
          editing={loaderData.editing}
          actionData={actionData}
          aimFocus={aimFocus}
        />
        <TitleUpdateList updates={loaderData.updates} aimFocus={aimFocus} />
      </div>
      <RetestQueue queue={loaderData.queue} counts={loaderData.counts} actionData={actionData} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = (error as { status?: number })?.status;
  const heading = status === 403 ? "Access denied" : "Something went wrong";
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <title>{`${heading} | Gridiron Playbook`}</title>
      <h1 className="font-display text-3xl font-black text-white">{heading}</h1>
      <p className="mt-4 text-slate-300">{status === 403 ? "Unauthorized: Admins only" : "We could not load this page. Please try again in a moment."}</p>
      <Link to="/" className="btn-primary mt-8">Back to the home page</Link>
    </section>
  );
}
