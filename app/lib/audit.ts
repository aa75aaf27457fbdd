import type { AUDIT_ACTIONS } from "../../db/enums";

/** How the Activity tab names each audited staff action. */
export const AUDIT_ACTION_LABELS: Record<(typeof AUDIT_ACTIONS)[number], string> = {
  "user.update": "Edited user",
  "user.delete": "Deleted account",
  "content.delete": "Deleted content",
  "blog.delete": "Deleted blog post",
  "comment.update": "Edited comment",
  "comment.delete": "Deleted comment",
  "tip.review": "Reviewed tip",
  "tip.delete": "Deleted tip",
};
