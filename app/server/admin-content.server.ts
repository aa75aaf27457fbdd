import { and, asc, desc, eq, gte, inArray, lt, ne, or, sql } from "drizzle-orm";
import {
  comments,
  content,
  contentPlays,
  contentRatings,
  contentSections,
  contentSlugRedirects,
  sectionSlugRedirects,
  favorites,
  gameplanPlays,
  gameplanRemovals,
  gameplans,
  type Game,
  type User,
} from "../../db/schema.ts";
import { FALLBACK_CONTENT_SLUG, isSchemeContentType, type ContentFormValue, type PlayInGameplans } from "../lib/schemas/content.ts";
import { nextFreeSlug, slugify, slugOrFallback } from "../lib/slug.ts";
import { hasErrorMessage, type Database } from "./db.server.ts";
import { mediaKeyFromUrl, readImageUpload, storeImage, type ImageKind } from "./uploads.server.ts";
import { auditEntry } from "./audit.server.ts";
import { deleteUnusedMedia, keepMedia, mediaKeysOf, queueMediaDeletion, reserveUploads } from "./orphans.server.ts";
import { firstStatusStatements, movedGameStatements } from "./item-status.server.ts";

// Staff reads and writes of content: the dashboard's table and delete, the content form's load,
// slug check and its all-or-nothing save of the content with its formations and plays.

// ---------------------------------------------------------------------------------------------
// Dashboard

/**
 * One page (1-based) of all content, newest first. The page's ids come from the created_at index
 * alone, so a deep page never reads rows it skips. The total is the 'content:all' counter.
 * Returns the query: await it, or put it in a db.batch with the page's other reads.
 */
export function listContentForAdmin(db: Database, { page, pageSize }: { page: number; pageSize: number }) {
  const size = Math.max(1, Math.min(100, Math.floor(pageSize) || 1));
  const offset = (Math.max(1, Math.floor(page) || 1) - 1) * size;
  const pageIds = db
    .select({ id: content.id })
    .from(content)
    .orderBy(desc(content.createdAt), desc(content.id))
    .limit(size)
    .offset(offset);
  return db
    .select({
      id: content.id,
      slug: content.slug,
      title: content.title,
      description: content.description,
      type: content.type,
      game: content.game,
      views: content.views,
      isPublished: content.isPublished,
      createdAt: content.createdAt,
    })
    .from(content)
    .where(inArray(content.id, pageIds))
    .orderBy(desc(content.createdAt), desc(content.id));
}

export type AdminContentRow = Awaited<ReturnType<typeof listContentForAdmin>>[number];

/** Every /media/ URL a content item holds (its thumbnail, video, formation and play art and videos). */
/**
 * The images an item holds, which go from R2 with the item or when a save stops using them. Not its
 * uploaded videos: those belong to the Videos library (/admin/videos), where staff delete the ones
 * nobody uses; a play moved to a YouTube link must not take a 2 GB upload with it.
 */
function contentMediaQuery(db: Database, contentId: number) {
  return db.all<{ url: string | null }>(sql`
    SELECT thumbnail_url AS url FROM content WHERE id = ${contentId}
    UNION SELECT image_url FROM content_sections WHERE content_id = ${contentId}
    UNION SELECT p.image_url FROM content_plays p JOIN content_sections s ON s.id = p.section_id WHERE s.content_id = ${contentId}`);
}

/**
 * Deletes a content item with its formations, plays, ratings, comments and favourites, in one
 * batch with its audit entry. Returns false when no item has this slug. Its images are queued and
 * removed from R2 unless another row still uses them (seed images are shared).
 */
export async function deleteContent({ db, bucket }: Storage, actor: Pick<User, "id" | "email" | "role">, slug: string): Promise<boolean> {
  const [item] = await db.select({ id: content.id, title: content.title, type: content.type, game: content.game }).from(content).where(eq(content.slug, slug)).limit(1);
  if (!item) return false;
  const keys = mediaKeysOf((await contentMediaQuery(db, item.id)).map((row) => row.url));
  const contentId = contentIdBySlug(db, slug);
  const sectionIds = db.select({ id: contentSections.id }).from(contentSections).where(inArray(contentSections.contentId, contentId));
  const results = await db.batch([
    auditEntry(db, actor, { action: "content.delete", targetLabel: slug, before: { slug, title: item.title, type: item.type, game: item.game }, after: null }),
    ...(keys.length ? [queueMediaDeletion(db, keys)] : []),
    db.delete(contentPlays).where(inArray(contentPlays.sectionId, sectionIds)),
    db.delete(contentSections).where(inArray(contentSections.contentId, contentId)),
    db.delete(contentRatings).where(inArray(contentRatings.contentId, contentId)),
    db.delete(comments).where(inArray(comments.contentId, contentId)),
    db.delete(favorites).where(inArray(favorites.contentId, contentId)),
    db.delete(contentSlugRedirects).where(inArray(contentSlugRedirects.contentId, contentId)),
    db.delete(sectionSlugRedirects).where(inArray(sectionSlugRedirects.contentId, contentId)),
    db.delete(content).where(eq(content.slug, slug)).returning({ id: content.id }),
  ]);
  await deleteUnusedMedia({ db, bucket }, keys);
  return (results.at(-1) as { id: number }[]).length > 0;
}

// ---------------------------------------------------------------------------------------------
// Content form: reading

function contentIdBySlug(db: Database, slug: string) {
  return db.select({ id: content.id }).from(content).where(eq(content.slug, slug));
}

/** What a save needs to know of the item it replaces. */
export async function findContentForSave(db: Database, slug: string) {
  const [row] = await db
    .select({ id: content.id, slug: content.slug, title: content.title, game: content.game, thumbnailUrl: content.thumbnailUrl, authorId: content.authorId, updatedAt: content.updatedAt })
    .from(content)
    .where(eq(content.slug, slug))
    .limit(1);
  return row ?? null;
}


/** An item moved to `game`: its entries in gameplans of the other game go, each written down for the gameplan's notice. */
function gameplanMoveStatements(db: Database, contentId: number, game: Game) {
  const leaving = and(eq(gameplanPlays.contentId, contentId), ne(gameplans.game, game));
  return [
    db
      .insert(gameplanRemovals)
      .select(
        db
          // Every column of the table, in its order (an insert from a select needs them so).
          .select({
            id: sql<number>`NULL`.as("removal_id"),
            gameplanId: gameplanPlays.gameplanId,
            entryId: gameplanPlays.id,
            situation: gameplanPlays.situation,
            playTitle: contentPlays.title,
            formation: contentSections.title,
            contentTitle: content.title,
            note: gameplanPlays.note,
            movedTo: sql<Game>`${game}`.as("removal_moved_to"),
            removedAt: sql<Date>`CAST(unixepoch('subsec') * 1000 AS INTEGER)`.as("removal_removed_at"),
          })
          .from(gameplanPlays)
          .innerJoin(gameplans, eq(gameplans.id, gameplanPlays.gameplanId))
          .innerJoin(contentPlays, eq(contentPlays.id, gameplanPlays.playId))
          .innerJoin(contentSections, eq(contentSections.id, contentPlays.sectionId))
          .innerJoin(content, eq(content.id, gameplanPlays.contentId))
          .where(leaving),
      )
      .onConflictDoNothing(),
    db.delete(gameplanPlays).where(and(eq(gameplanPlays.contentId, contentId), sql`${gameplanPlays.gameplanId} IN (SELECT ${gameplans.id} FROM ${gameplans} WHERE ${gameplans.game} <> ${game})`)),
  ];
}

/** How many of an item's plays members keep in gameplans, and in how many gameplans (its delete dialog says so). */
export function gameplanUsesOfContentQuery(db: Database, slug: string) {
  return db
    .select({ plays: sql<number>`count(DISTINCT ${gameplanPlays.playId})`, gameplans: sql<number>`count(DISTINCT ${gameplanPlays.gameplanId})` })
    .from(gameplanPlays)
    .where(eq(gameplanPlays.contentId, sql`(SELECT ${content.id} FROM ${content} WHERE ${content.slug} = ${slug})`));
}

/**
 * The stored plays of an item that saving `value` would delete (taken out of the form, or their
 * formation with them, or the item no longer a scheme) and that are in members' gameplans: a play
 * deleted leaves every gameplan that holds it. Moved to the other game, all of them leave. A formation is matched as the save matches it: by
 * its stored id (a renamed one keeps its plays), else by its slug.
 */
export async function gameplanPlaysRemovedBy(db: Database, current: { id: number; game: Game }, value: ContentFormValue): Promise<PlayInGameplans[]> {
  const contentId = current.id;
  // Moved to the other game, every play of it that members keep leaves their gameplans.
  const moving = current.game !== value.game;
  const rows = await db
    .select({
      id: contentPlays.id,
      slug: contentPlays.slug,
      title: contentPlays.title,
      sectionId: contentSections.id,
      sectionSlug: contentSections.slug,
      formation: contentSections.title,
      gameplans: sql<number>`(SELECT count(DISTINCT gp.gameplan_id) FROM gameplan_plays gp WHERE gp.play_id = ${contentPlays.id})`,
    })
    .from(contentPlays)
    .innerJoin(contentSections, eq(contentSections.id, contentPlays.sectionId))
    .where(and(eq(contentSections.contentId, contentId), sql`EXISTS (SELECT 1 FROM gameplan_plays gp WHERE gp.play_id = ${contentPlays.id})`))
    .orderBy(asc(contentSections.position), asc(contentPlays.position));
  if (!rows.length) return [];
  const sectionBySlug = new Map(rows.map((row) => [row.sectionSlug, row.sectionId]));
  const kept = new Set(
    value.formations.flatMap((formation) => {
      const sectionId = formation.id ?? sectionBySlug.get(formation.slug);
      return sectionId === undefined ? [] : formation.plays.map((play) => `${sectionId}/${play.slug}`);
    }),
  );
  return rows
    .filter((row) => moving || !kept.has(`${row.sectionId}/${row.slug}`))
    .map((row) => ({ id: row.id, title: row.title, formation: row.formation, gameplans: row.gameplans }));
}

/** A play's tags as stored (a JSON array), read through a raw column: anything else is no tags. */
function parseStoredTags(value: string | null): string[] {
  try {
    const parsed: unknown = JSON.parse(value ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((tag): tag is string => typeof tag === "string") : [];
  } catch {
    return [];
  }
}

export type EditableContent = NonNullable<Awaited<ReturnType<typeof findContentForEdit>>>;

/** A content item with its formations and their plays, in order: two statements, one round trip. */
export async function findContentForEdit(db: Database, slug: string) {
  const [rows, sectionRows] = await db.batch([
    db
      .select({
        id: content.id,
        slug: content.slug,
        title: content.title,
        description: content.description,
        type: content.type,
        game: content.game,
        thumbnailUrl: content.thumbnailUrl,
        videoUrl: content.videoUrl,
        tags: content.tags,
        difficulty: content.difficulty,
        requiredTier: content.requiredTier,
        isPublished: content.isPublished,
        authorId: content.authorId,
        updatedAt: content.updatedAt,
      })
      .from(content)
      .where(eq(content.slug, slug))
      .limit(1),
    // Inside a D1 batch, rows come back keyed by column name: the play's columns, named like the
    // section's, need their own names.
    db
      .select({
        section: contentSections,
        play: {
          id: sql<number>`${contentPlays.id}`.as("play_id"),
          slug: sql<string>`${contentPlays.slug}`.as("play_slug"),
          title: sql<string>`${contentPlays.title}`.as("play_title"),
          description: sql<string | null>`${contentPlays.description}`.as("play_description"),
          imageUrl: sql<string | null>`${contentPlays.imageUrl}`.as("play_image_url"),
          videoProvider: sql<"youtube" | "vimeo" | "custom">`${contentPlays.videoProvider}`.as("play_video_provider"),
          videoUrl: sql<string | null>`${contentPlays.videoUrl}`.as("play_video_url"),
          runtime: sql<string | null>`${contentPlays.runtime}`.as("play_runtime"),
          tags: sql<string>`${contentPlays.tags}`.as("play_tags"),
        },
      })
      .from(contentSections)
      .leftJoin(contentPlays, eq(contentPlays.sectionId, contentSections.id))
      .where(inArray(contentSections.contentId, contentIdBySlug(db, slug)))
      .orderBy(asc(contentSections.position), asc(contentSections.id), asc(contentPlays.position), asc(contentPlays.id)),
  ]);
  const row = rows[0];
  if (!row) return null;

  const formations: {
    id: number;
    title: string;
    slug: string;
    description: string;
    imageUrl: string | null;
    plays: {
      title: string;
      slug: string;
      description: string;
      imageUrl: string | null;
      videoProvider: "youtube" | "vimeo" | "custom";
      videoUrl: string;
      runtime: string;
      tags: string[];
    }[];
  }[] = [];
  const byId = new Map<number, (typeof formations)[number]>();
  for (const { section, play } of sectionRows) {
    let formation = byId.get(section.id);
    if (!formation) {
      formation = {
        id: section.id,
        title: section.title,
        slug: section.slug,
        description: section.description ?? "",
        imageUrl: section.imageUrl,
        plays: [],
      };
      byId.set(section.id, formation);
      formations.push(formation);
    }
    if (play && play.id != null) {
      formation.plays.push({
        title: play.title,
        slug: play.slug,
        description: play.description ?? "",
        imageUrl: play.imageUrl,
        videoProvider: play.videoProvider,
        videoUrl: play.videoUrl ?? "",
        runtime: play.runtime ?? "",
        tags: parseStoredTags(play.tags),
      });
    }
  }
  return { ...row, formations };
}

// ---------------------------------------------------------------------------------------------
// Uploaded videos

/** `/media/...` for a full address of this site's own media (any of `origins`); anything else as it is. */
export function ownMediaPath(url: string | null, origins: string[]): string | null {
  if (!url || url.startsWith("/")) return url;
  try {
    const parsed = new URL(url);
    const ours = origins.some((origin) => {
      try {
        return new URL(origin).origin === parsed.origin;
      } catch {
        return false;
      }
    });
    return ours && parsed.pathname.startsWith("/media/") && !parsed.search && !parsed.hash ? parsed.pathname : url;
  } catch {
    return url;
  }
}

/** The item's video and its plays' videos given as full addresses of this site, as /media/... paths (in place). */
export function withOwnMediaPaths(value: ContentFormValue, origins: string[]) {
  value.videoUrl = ownMediaPath(value.videoUrl ?? null, origins);
  for (const formation of value.formations) for (const play of formation.plays) play.videoUrl = ownMediaPath(play.videoUrl ?? null, origins);
}

export const NO_UPLOADED_VIDEO = "No uploaded video has this address. Check it against the file's address in storage.";

/**
 * The form fields (conform names) whose address names one of our own videos (/media/videos/...)
 * that storage does not hold: the item's video and each custom play video, one HEAD each, at once.
 */
export async function missingUploadedVideos(bucket: R2Bucket, value: ContentFormValue): Promise<string[]> {
  const checks: { name: string; key: string }[] = [];
  const own = (url: string | null | undefined) => {
    const key = mediaKeyFromUrl(url ?? null);
    return key?.startsWith("videos/") ? key : null;
  };
  const itemKey = own(value.videoUrl);
  if (itemKey) checks.push({ name: "videoUrl", key: itemKey });
  // Other types save no formations (their editor is hidden): nothing of theirs to check.
  if (isSchemeContentType(value.type)) value.formations.forEach((formation, index) =>
    formation.plays.forEach((play, playIndex) => {
      const key = play.videoProvider === "custom" ? own(play.videoUrl) : null;
      if (key) checks.push({ name: `formations[${index}].plays[${playIndex}].videoUrl`, key });
    }),
  );
  const found = await Promise.all(checks.map((check) => bucket.head(check.key)));
  return checks.filter((_, index) => !found[index]).map((check) => check.name);
}

// ---------------------------------------------------------------------------------------------
// Slugs

/** /admin/content/new is the create form: no content may be reached by that slug. */
const RESERVED_CONTENT_SLUGS = ["new"];

/** Slugs in use that nextFreeSlug must avoid for this base: the base itself and base-N. */
async function takenSlugs(db: Database, base: string): Promise<string[]> {
  const rows = await db
    .select({ slug: content.slug })
    .from(content)
    // A range, not GLOB 'base-[0-9]*': D1 refuses a pattern over 50 bytes once a row reaches it, and
    // a long title makes a longer slug. 'base-' then a digit sorts from 'base-0' up to 'base-:'.
    .where(or(eq(content.slug, base), and(gte(content.slug, `${base}-0`), lt(content.slug, `${base}-:`))));
  return [...rows.map((row) => row.slug), ...RESERVED_CONTENT_SLUGS.filter((slug) => slug === base)];
}

export type SlugCheck = { slug: string; available: boolean; suggestion: string };

/** The live hint: is this slug free (the item's own slug counts as free), and what would be used. */
export async function checkContentSlug(db: Database, slug: string, current: string | null): Promise<SlugCheck> {
  const base = slugify(slug);
  if (!base) return { slug: base, available: false, suggestion: "" };
  if (current && base === current) return { slug: base, available: true, suggestion: base };
  const taken = (await takenSlugs(db, base)).filter((value) => value !== current);
  return { slug: base, available: !taken.includes(base), suggestion: nextFreeSlug(base, taken) };
}

/**
 * The slug a save uses: the title's slug, or the first free of slug-1, slug-2, ... (the spec's
 * 'Will be auto-generated as "{slug}-1"'). An edit keeps its slug while its title's slug stays the
 * same; a new title moves it (the old slug keeps leading to it), and the item's own slug is free to it.
 */
async function chooseContentSlug(db: Database, title: string, current: { slug: string; title: string } | null): Promise<string> {
  const base = slugOrFallback(title, FALLBACK_CONTENT_SLUG);
  if (current && (base === current.slug || base === slugOrFallback(current.title, FALLBACK_CONTENT_SLUG))) return current.slug;
  const taken = (await takenSlugs(db, base)).filter((slug) => slug !== current?.slug);
  return nextFreeSlug(base, taken);
}

/**
 * A save that changes the item's slug keeps the old one leading to it (content_slug_redirects); the
 * slug the item now has, if it once led elsewhere, stops doing so: the live item answers it.
 */
function slugRedirectStatements(db: Database, current: { id: number; slug: string } | null, slug: string) {
  if (current?.slug === slug) return [];
  const taken = db.delete(contentSlugRedirects).where(eq(contentSlugRedirects.oldSlug, slug));
  if (!current) return [taken];
  const kept = db
    .insert(contentSlugRedirects)
    .values({ oldSlug: current.slug, contentId: current.id })
    .onConflictDoUpdate({ target: contentSlugRedirects.oldSlug, set: { contentId: current.id, createdAt: new Date() } });
  return [taken, kept];
}

// ---------------------------------------------------------------------------------------------
// Content form: saving

/** The files chosen in the form, by position (a field left empty is null). */
export type ContentImageFiles = {
  thumbnail: FormDataEntryValue | null;
  formations: { image: FormDataEntryValue | null; plays: (FormDataEntryValue | null)[] }[];
};

type Storage = { db: Database; bucket: R2Bucket };

export type SaveContentResult =
  | { status: "saved"; slug: string }
  | { status: "invalid-image"; field: string; title: "Invalid file type" | "File too large"; description: string }
  | { status: "duplicate-slug" }
  | { status: "not-found" }
  /** Someone saved the item after this form was opened (its revision is the one it has now): nothing was written. */
  | { status: "stale"; slug: string; revision: number }
  | { status: "failed"; message?: string };

function isChosenFile(value: FormDataEntryValue | null): value is File {
  return typeof value === "object" && value !== null && !(value.size === 0 && value.name === "");
}

function baseName(fileName: string) {
  return slugify(fileName.replace(/\.[^./\\]*$/, "").split(/[\\/]/).pop() ?? "") || "image";
}

type PendingImage = { field: string; key: string; bytes: Uint8Array; kind: ImageKind };

/** Checks every chosen file by its bytes and names its R2 object; nothing is stored yet. */
async function readImages(
  files: ContentImageFiles,
  value: ContentFormValue,
): Promise<{ images: Map<string, PendingImage> } | { error: Extract<SaveContentResult, { status: "invalid-image" }> }> {
  const wanted: { field: string; folder: "thumbnail" | "formationart" | "playart"; file: File }[] = [];
  if (isChosenFile(files.thumbnail)) wanted.push({ field: "thumbnail", folder: "thumbnail", file: files.thumbnail });
  value.formations.forEach((formation, index) => {
    const formationFiles = files.formations[index];
    if (isChosenFile(formationFiles?.image ?? null)) {
      wanted.push({ field: `formations[${index}].image`, folder: "formationart", file: formationFiles!.image as File });
    }
    formation.plays.forEach((_, playIndex) => {
      const playFile = formationFiles?.plays[playIndex] ?? null;
      if (isChosenFile(playFile)) {
        wanted.push({ field: `formations[${index}].plays[${playIndex}].image`, folder: "playart", file: playFile });
      }
    });
  });

  const images = new Map<string, PendingImage>();
  const usedKeys = new Set<string>();
  const timestamp = Date.now();
  for (const { field, folder, file } of wanted) {
    const check = await readImageUpload(file);
    if (!check.ok) return { error: { status: "invalid-image", field, title: check.title, description: check.description } };
    const name = baseName(file.name);
    let key = `${folder}/${timestamp}_${name}.${check.kind.extension}`;
    for (let suffix = 1; usedKeys.has(key); suffix += 1) key = `${folder}/${timestamp}_${name}-${suffix}.${check.kind.extension}`;
    usedKeys.add(key);
    images.set(field, { field, key, bytes: check.bytes, kind: check.kind });
  }
  return { images };
}

function isSlugUniqueViolation(error: unknown): boolean {
  return hasErrorMessage(error, /UNIQUE constraint failed: content\.slug|content_slug_unique/i);
}

/**
 * How the stored formations meet the form's: each stored one is claimed by the form formation that
 * carries its id (the editor sends it) or, failing that, by one with its slug. Claimed ones whose
 * slug changed are renamed; unclaimed ones are removed (their plays with them).
 */
export function planSectionChanges(stored: { id: number; slug: string }[], formations: { id: number | null; slug: string }[]) {
  const storedById = new Map(stored.map((section) => [section.id, section]));
  const claimed = new Set<number>();
  const claimedById = new Set<(typeof formations)[number]>();
  const renamed: { id: number; slug: string; from: string }[] = [];
  for (const formation of formations) {
    const own = formation.id !== null ? storedById.get(formation.id) : undefined;
    if (!own || claimed.has(own.id)) continue;
    claimed.add(own.id);
    claimedById.add(formation);
    if (own.slug !== formation.slug) renamed.push({ id: own.id, slug: formation.slug, from: own.slug });
  }
  for (const formation of formations) {
    if (claimedById.has(formation)) continue;
    const bySlug = stored.find((section) => section.slug === formation.slug && !claimed.has(section.id));
    if (bySlug) claimed.add(bySlug.id);
  }
  return { renamed, removed: stored.filter((section) => !claimed.has(section.id)).map((section) => section.id) };
}

/**
 * The first statement of an edit's batch when the form names the revision it was opened on: if the
 * item was saved since, it sets updated_at (NOT NULL) to NULL, the constraint fails and the whole
 * batch is undone. Checked inside the batch, two saves of one revision cannot both land.
 */
function revisionGuard(db: Database, id: number, revision: number) {
  return db
    .update(content)
    .set({ updatedAt: sql`NULL` })
    .where(and(eq(content.id, id), ne(content.updatedAt, new Date(revision))));
}

function isStaleRevision(error: unknown): boolean {
  return hasErrorMessage(error, /NOT NULL constraint failed: content\.updated_at/);
}

async function staleResult(db: Database, id: number): Promise<SaveContentResult> {
  const [row] = await db.select({ slug: content.slug, updatedAt: content.updatedAt }).from(content).where(eq(content.id, id)).limit(1);
  return row ? { status: "stale", slug: row.slug, revision: row.updatedAt.getTime() } : { status: "not-found" };
}

// D1 binds at most 100 values per statement: multi-row inserts go in chunks below that.
const MAX_BOUND_VALUES = 100;

/**
 * How many rows of an insert fit under D1's limit: the values one row binds are counted on the
 * built statement itself (a column added later, or a default drizzle binds, counts without anyone
 * updating a constant; a stale constant once made every 9-play scheme fail to save).
 */
function rowsPerInsert(boundPerRow: number) {
  return Math.max(1, Math.floor(MAX_BOUND_VALUES / boundPerRow));
}

function chunk<T>(items: T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let index = 0; index < items.length; index += size) chunks.push(items.slice(index, index + size));
  return chunks;
}

/**
 * Saves the content row and replaces its formations and plays in one D1 batch: all or nothing.
 * New images are checked first (nothing is stored if one is refused), uploaded before the batch,
 * and deleted again if the batch fails. `current` is the item being edited, or null for new content.
 */
export async function saveContent(
  { db, bucket }: Storage,
  options: {
    authorId: string;
    current: { id: number; slug: string; title: string; game: Game; thumbnailUrl: string | null; authorId: string | null; updatedAt: Date } | null;
    /** The item's updated_at (ms) when the editor was opened; null saves whatever is stored now. */
    revision: number | null;
    value: ContentFormValue;
    files: ContentImageFiles;
  },
): Promise<SaveContentResult> {
  const { current, value, revision } = options;
  // Another staff member's save since this editor was opened is not overwritten unseen.
  if (current && revision !== null && current.updatedAt.getTime() !== revision) {
    return { status: "stale", slug: current.slug, revision: current.updatedAt.getTime() };
  }
  const checked = await readImages(options.files, value);
  if ("error" in checked) return checked.error;
  const { images } = checked;

  const slug = await chooseContentSlug(db, value.title, current);

  const stored: string[] = [];
  const urlOf = (field: string, existing: string | null) => {
    const image = images.get(field);
    return image ? `/media/${image.key}` : existing;
  };
  // What the item used before: whatever the save stops using leaves R2 after it (orphans.server.ts).
  const [previousMedia, storedSections] = current
    ? await Promise.all([
        contentMediaQuery(db, current.id),
        db.select({ id: contentSections.id, slug: contentSections.slug }).from(contentSections).where(eq(contentSections.contentId, current.id)),
      ])
    : [[], []];
  const previousKeys = mediaKeysOf(previousMedia.map((row) => row.url));
  const sectionChanges = planSectionChanges(storedSections, value.formations);
  const uploadKeys = [...images.values()].map((image) => image.key);
  try {
    await reserveUploads(db, uploadKeys);
    for (const image of images.values()) {
      await storeImage(bucket, image.key, image);
      stored.push(image.key);
    }
  } catch (error) {
    console.error("Image upload failed", error);
    await Promise.allSettled(stored.map((key) => bucket.delete(key)));
    return { status: "failed", message: "Failed to upload an image. Please try again." };
  }

  const fields = {
    slug,
    title: value.title,
    description: value.description,
    type: value.type,
    game: value.game,
    thumbnailUrl: urlOf("thumbnail", current?.thumbnailUrl ?? null),
    videoUrl: value.videoUrl,
    tags: value.tags,
    difficulty: value.difficulty,
    requiredTier: value.requiredTier,
    isPublished: value.isPublished,
  };
  // The ids of the content and of its new sections are not known before the batch: they are
  // looked up by slug inside it, after the statements that create them.
  const contentId = sql`(SELECT ${content.id} FROM ${content} WHERE ${content.slug} = ${slug})`;
  const sectionRows = value.formations.map((formation, index) => ({
    contentId,
    slug: formation.slug,
    title: formation.title,
    description: formation.description,
    imageUrl: urlOf(`formations[${index}].image`, formation.imageUrl),
    position: index,
  }));
  const playRows = value.formations.flatMap((formation, index) =>
    formation.plays.map((play, playIndex) => ({
      sectionId: sql`(SELECT s.id FROM content_sections s WHERE s.content_id = ${contentId} AND s.slug = ${formation.slug})`,
      slug: play.slug,
      title: play.title,
      description: play.description,
      imageUrl: urlOf(`formations[${index}].plays[${playIndex}].image`, play.imageUrl),
      videoProvider: play.videoProvider,
      videoUrl: play.videoUrl,
      runtime: play.runtime,
      tags: play.tags,
      position: playIndex,
    })),
  );

  // First published: now, when it is published for the first time (the digest's 'new' goes by it).
  const savedAt = new Date();
  const writeContent = current
    ? db
        .update(content)
        .set({
          ...fields,
          authorId: current.authorId ?? options.authorId,
          updatedAt: savedAt,
          publishedAt: value.isPublished ? sql`coalesce(${content.publishedAt}, ${savedAt.getTime()})` : sql`${content.publishedAt}`,
        })
        .where(eq(content.id, current.id))
        .returning({ id: content.id })
    : db
        .insert(content)
        .values({ ...fields, authorId: options.authorId, publishedAt: value.isPublished ? savedAt : null })
        .returning({ id: content.id });
  // Formations and plays are saved in place, matched by slug: a play that stays keeps its id, so
  // its patch status and history, and every member's progress and gameplans that name it, survive
  // an edit. Only those no longer in the form are deleted.
  const keptSections = JSON.stringify(value.formations.map((formation) => formation.slug));
  const keptPlays = JSON.stringify(value.formations.flatMap((formation) => formation.plays.map((play) => `${formation.slug}/${play.slug}`)));
  const statements = [
    ...(current && revision !== null ? [revisionGuard(db, current.id, revision)] : []),
    writeContent,
    ...slugRedirectStatements(db, current, slug),
    ...(uploadKeys.length ? [keepMedia(db, uploadKeys)] : []),
    ...(previousKeys.length ? [queueMediaDeletion(db, previousKeys)] : []),
    ...(current && sectionChanges.removed.length
      ? [
          db.delete(contentPlays).where(inArray(contentPlays.sectionId, sectionChanges.removed)),
          db.delete(contentSections).where(and(eq(contentSections.contentId, current.id), inArray(contentSections.id, sectionChanges.removed))),
        ]
      : []),
    // A formation whose slug changed is renamed in place (through a slug no form can hold, so that
    // two formations may swap slugs): its plays keep their ids, so their progress, statuses and
    // gameplans survive.
    ...(current && sectionChanges.renamed.length
      ? [
          db
            .update(contentSections)
            .set({ slug: sql`'~' || ${contentSections.id}` })
            .where(and(eq(contentSections.contentId, current.id), inArray(contentSections.id, sectionChanges.renamed.map((rename) => rename.id)))),
          db
            .update(contentSections)
            .set({ slug: sql`(SELECT value ->> 'slug' FROM json_each(${JSON.stringify(sectionChanges.renamed)}) WHERE value ->> 'id' = ${contentSections.id})` })
            .where(and(eq(contentSections.contentId, current.id), inArray(contentSections.id, sectionChanges.renamed.map((rename) => rename.id)))),
          // Its old address leads to it (decision 0020): three values a row, well under D1's 100.
          ...chunk(sectionChanges.renamed, 30).map((renames) =>
            db
              .insert(sectionSlugRedirects)
              .values(renames.map((rename) => ({ contentId: current.id, oldSlug: rename.from, sectionId: rename.id })))
              .onConflictDoUpdate({ target: [sectionSlugRedirects.contentId, sectionSlugRedirects.oldSlug], set: { sectionId: sql`excluded.section_id` } }),
          ),
        ]
      : []),
    ...(current
      ? [
          db.delete(contentPlays).where(
            sql`${contentPlays.sectionId} IN (SELECT s.id FROM content_sections s WHERE s.content_id = ${current.id})
              AND (SELECT s.slug FROM content_sections s WHERE s.id = ${contentPlays.sectionId}) || '/' || ${contentPlays.slug} NOT IN (SELECT value FROM json_each(${keptPlays}))`,
          ),
          db
            .delete(contentSections)
            .where(sql`${contentSections.contentId} = ${current.id} AND ${contentSections.slug} NOT IN (SELECT value FROM json_each(${keptSections}))`),
        ]
      : []),
    // Moved to the other game: its plays leave the members' gameplans of the game it left (a
    // gameplan is of one game), each entry told on its gameplan as moved. After the plays this save
    // deletes (the trigger tells those as deleted), before their titles change.
    ...(current && current.game !== value.game ? gameplanMoveStatements(db, current.id, value.game) : []),
    ...chunk(sectionRows, rowsPerInsert(sectionRows.length ? db.insert(contentSections).values(sectionRows[0]).toSQL().params.length : 1)).map((rows) =>
      db
        .insert(contentSections)
        .values(rows)
        .onConflictDoUpdate({
          target: [contentSections.contentId, contentSections.slug],
          set: { title: sql`excluded.title`, description: sql`excluded.description`, imageUrl: sql`excluded.image_url`, position: sql`excluded.position` },
        }),
    ),
    ...chunk(playRows, rowsPerInsert(playRows.length ? db.insert(contentPlays).values(playRows[0]).toSQL().params.length : 1)).map((rows) =>
      db
        .insert(contentPlays)
        .values(rows)
        .onConflictDoUpdate({
          target: [contentPlays.sectionId, contentPlays.slug],
          set: {
            title: sql`excluded.title`,
            description: sql`excluded.description`,
            imageUrl: sql`excluded.image_url`,
            videoProvider: sql`excluded.video_provider`,
            videoUrl: sql`excluded.video_url`,
            // A new video address with the old video's runtime (kept by the form, never edited by
            // hand) would cap the player's saves at the old length: it is cleared. An upload sends
            // the new video's own length, which stays.
            runtime: sql`CASE WHEN ${contentPlays.videoUrl} IS NOT excluded.video_url AND ${contentPlays.runtime} IS excluded.runtime THEN NULL ELSE excluded.runtime END`,
            tags: sql`excluded.tags`,
            position: sql`excluded.position`,
          },
        }),
    ),
    ...firstStatusStatements(db, slug, options.authorId, Date.now()),
    // Moved to the other game: never tested there.
    ...(current && current.game !== value.game ? movedGameStatements(db, current.id, options.authorId, Date.now()) : []),
    // A live formation always answers its own slug: an old slug a formation now has leads nowhere else.
    ...(current
      ? [
          db
            .delete(sectionSlugRedirects)
            .where(
              sql`${sectionSlugRedirects.contentId} = ${current.id} AND ${sectionSlugRedirects.oldSlug} IN (SELECT slug FROM content_sections WHERE content_id = ${current.id})`,
            ),
        ]
      : []),
  ] as const;

  try {
    const results = await db.batch(statements as unknown as [typeof writeContent, ...(typeof writeContent)[]]);
    const written = results[statements.indexOf(writeContent)];
    if (!(written as { id: number }[]).length) {
      // The item was deleted meanwhile: the batch changed nothing of it.
      await Promise.allSettled(stored.map((key) => bucket.delete(key)));
      return { status: "not-found" };
    }
  } catch (error) {
    await Promise.allSettled(stored.map((key) => bucket.delete(key)));
    if (isSlugUniqueViolation(error)) return { status: "duplicate-slug" };
    if (current && isStaleRevision(error)) return staleResult(db, current.id);
    console.error("Saving content failed", error);
    return { status: "failed" };
  }
  // Saved: what it no longer uses goes now, or with the scheduled job if this fails.
  await deleteUnusedMedia({ db, bucket }, previousKeys);
  return { status: "saved", slug };
}

