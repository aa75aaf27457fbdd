export type BlogCategory = "updates" | "announcements" | "news";

export const BLOG_CATEGORY_LABELS: Record<BlogCategory, string> = {
  updates: "Updates",
  announcements: "Announcements",
  news: "News",
};

export type BlogCardData = {
  slug: string;
  title: string;
  excerpt: string | null;
  category: BlogCategory;
  featuredImage: string | null;
  publishedAt: number | null;
};
