import { Link } from "~/components/link";
import { BLOG_CATEGORY_LABELS } from "~/lib/blog";
import { formatShortDate } from "~/lib/format";
import type { DashboardLoaderData as LoaderData } from "~/routes/admin/dashboard";
import { DataTable, Section } from "./data-table";
import { useDashboardQuery } from "./dashboard-query";
import { ConfirmDelete } from "./dialog";

export function BlogTab({ posts }: { posts: NonNullable<LoaderData["posts"]> }) {
  const { params: searchParams, dialogHref, closeHref: closeTo } = useDashboardQuery();
  const closeHref = closeTo("blog");
  const deleting = searchParams.get("dialog") === "delete-post" ? posts.find((post) => String(post.id) === searchParams.get("post")) : null;
  return (
    <Section id="blog" title="Blog" action={<Link to="/admin/blog/new" className="btn-primary">New Post</Link>}>
      {posts.length === 0 ? (
        <p className="text-slate-400">No blog posts found. Create your first post!</p>
      ) : (
        <DataTable scrollLabel="Blog posts" columns={["Title", "Category", "Status", "Published", "Actions"]}>
          {posts.map((post) => (
            <tr key={post.id}>
              <td>
                <p className="cell-title">{post.title}</p>
                {post.excerpt ? <p className="cell-note">{post.excerpt}</p> : null}
              </td>
              <td>{BLOG_CATEGORY_LABELS[post.category]}</td>
              <td>
                <span className={`badge ${post.isPublished ? "bg-turf text-field-950" : "bg-field-700 text-slate-200"}`}>
                  {post.isPublished ? "Published" : "Draft"}
                </span>
              </td>
              <td>{post.publishedAt ? formatShortDate(post.publishedAt) : "N/A"}</td>
              <td>
                <span className="flex gap-3">
                  <Link discover="none" to={`/admin/blog/${post.slug}`} className="text-link">Edit</Link>
                  <Link discover="none" to={dialogHref({ post: String(post.id), dialog: "delete-post" }, "blog")} preventScrollReset className="text-link-danger">Delete</Link>
                </span>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {deleting ? (
        <ConfirmDelete title="Delete blog post" closeHref={closeHref} intent="delete-post" target={{ name: "postId", value: deleting.id }}>
        <p className="text-slate-300">Delete “{deleting.title}” and its comments? This action cannot be undone.</p>
        </ConfirmDelete>
      ) : null}
    </Section>
  );
}
