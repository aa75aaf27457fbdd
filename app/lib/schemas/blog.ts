import { z } from "zod";
import { BLOG_CATEGORY_LABELS, type BlogCategory } from "../blog";
import { MAX_SLUG_LENGTH, slugify, slugOrFallback } from "../slug";
import { IMAGE_TOO_LARGE, MAX_IMAGE_MEGABYTES } from "../uploads";
import { cleanBlock, cleanLine } from "./text";

export const BLOG_CATEGORY_VALUES = Object.keys(BLOG_CATEGORY_LABELS) as [BlogCategory, ...BlogCategory[]];
export const BLOG_STATUSES = ["draft", "published"] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];

export const MAX_BLOG_TITLE_LENGTH = 200;
export const MAX_BLOG_EXCERPT_LENGTH = 500;
export const MAX_BLOG_CONTENT_LENGTH = 100_000;
const MAX_FEATURED_IMAGE_BYTES = MAX_IMAGE_MEGABYTES * 1024 * 1024;

export const BLOG_SAVE_FAILED = "Failed to save blog post. Please try again.";

/**
 * The slug derived from a title when creating a post: the live value in the form and, with
 * JavaScript off, the server's value for a blank slug. A title of only symbols still gets a slug.
 */
export function deriveBlogSlug(title: string): string {
  return title.trim() ? slugOrFallback(title, "post") : "";
}

export const blogPostSchema = z.object({
  title: z
    .string({ error: "Title is required" })
    .overwrite(cleanLine)
    .min(1, "Title is required")
    .max(MAX_BLOG_TITLE_LENGTH, "Title must be at most 200 characters"),
  slug: z
    .string({ error: "Slug is required" })
    .trim()
    .min(1, "Slug is required")
    .max(MAX_SLUG_LENGTH * 2, "Slug must be at most 120 characters")
    // Normalised by the same rule as the derived slug (slugify also caps the length).
    .transform((value) => slugify(value))
    .refine((value) => value.length > 0, "Slug must contain letters or numbers"),
  excerpt: z
    .string()
    .overwrite(cleanBlock)
    .max(MAX_BLOG_EXCERPT_LENGTH, "Excerpt must be at most 500 characters")
    .optional(),
  // The markdown source is stored as written; it is rendered and sanitised when shown.
  content: z
    .string({ error: "Content is required" })
    .max(MAX_BLOG_CONTENT_LENGTH, "Content must be at most 100,000 characters")
    .refine((value) => value.trim().length > 0, "Content is required"),
  category: z.enum(BLOG_CATEGORY_VALUES, { error: "Category must be updates, announcements or news" }).default("updates"),
  status: z.enum(BLOG_STATUSES, { error: "Choose Draft or Publish" }).default("draft"),
  // Checked here by size for quick feedback; the server decides the type by the file's bytes.
  featuredImage: z
    .file()
    .max(MAX_FEATURED_IMAGE_BYTES, `${IMAGE_TOO_LARGE.title}: ${IMAGE_TOO_LARGE.description}`)
    .optional(),
  removeFeaturedImage: z.boolean().optional(),
});

export type BlogPostFormValues = z.output<typeof blogPostSchema>;
