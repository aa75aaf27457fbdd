import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import type { Toast } from "./toast.server.ts";
import type { ContentFormInput } from "../lib/schemas/content.ts";
import type { EditableContent } from "./admin-content.server.ts";

// The content editor's answers (app/routes/admin/content-form.tsx): the stored item as the form's
// values, and what a refused save says.

/** A stored item as the editor's form values. */
export function editorValue(item: EditableContent): ContentFormInput {
  return {
    title: item.title,
    type: item.type,
    description: item.description,
    videoUrl: item.videoUrl ?? "",
    game: item.game,
    difficulty: item.difficulty,
    requiredTier: item.requiredTier,
    tags: item.tags.join(", "),
    isPublished: item.isPublished,
    formations: item.formations.map((formation) => ({
      ...formation,
      imageUrl: formation.imageUrl ?? undefined,
      plays: formation.plays.map((play) => ({ ...play, tags: play.tags.join(", "), imageUrl: play.imageUrl ?? undefined })),
    })),
  };
}

/** A forged form with a single field sent twice (a browser sends each once). */
export const REPEATED_FIELD = "Not saved: the form came with a field more than once. Check it and save again.";

export const SAVE_FAILED = "Failed to save content. Please try again.";
/** Why an edit was not saved: another staff member saved the item after this editor was opened. */
export function staleToast(slug: string, renamed: boolean): Toast {
  return {
    kind: "error",
    title: "Not saved: changed since you opened it",
    description:
      "This item was saved after you opened this editor (by another staff member, or by you in another tab), so your changes were not saved." +
      (renamed ? ` Its address is now /content/${slug}.` : "") +
      " Your changes are still in this form: Save again to replace their version with yours, or open the editor again to start from theirs.",
  };
}

/** Why an edit was not saved: another staff member deleted the item after this editor was opened. */
export const DELETED: Toast = {
  kind: "error",
  title: "Not saved: deleted by someone else",
  description:
    "Another staff member deleted this item after you opened this editor, so your changes were not saved. They are still in this form: Create Content saves them as a new item (choose its images again).",
};

/**
 * The answer to a save of an item deleted meanwhile: the form as sent, posting to the create page
 * from now on (a 4xx answer is not followed by the loader with JavaScript on; without it the loader
 * serves the create page). The images it pointed at left storage with the item: their addresses go.
 */
export function deletedMeanwhile(result: SubmissionResult<string[]>, imagesDropped: boolean) {
  const initialValue = result.initialValue as { formations?: { imageUrl?: unknown; plays?: { imageUrl?: unknown }[] }[] } | null | undefined;
  for (const formation of initialValue?.formations ?? []) {
    delete formation.imageUrl;
    for (const play of formation.plays ?? []) delete play.imageUrl;
  }
  return data({ result, imageError: null, toast: DELETED, revision: null, imagesDropped, deleted: true as const }, { status: 409 });
}

export const DUPLICATE_SLUG: Toast = {
  kind: "error",
  title: "Duplicate Slug Error",
  description: "A content item with this slug already exists. The system will automatically generate a unique slug.",
};

