import { Link } from "~/components/link";
import { formatShortDate } from "~/lib/format";
import type { DashboardLoaderData as LoaderData } from "~/routes/admin/dashboard";
import { Section } from "./data-table";

/** The contact messages, newest first, a page at a time ('Older messages'). */
export function MessagesTab({ messages }: { messages: NonNullable<LoaderData["messages"]> }) {
  const { rows, olderBefore, paged } = messages;
  return (
    <Section id="messages" title="Messages">
      {rows.length === 0 ? (
        <p className="text-slate-400">No messages yet.</p>
      ) : (
        <ol className="space-y-4">
          {rows.map((message) => (
            <li key={message.id} className="card p-5">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-bold text-white">
                  {message.name} <a href={`mailto:${message.email}`} className="text-sm font-normal text-turf hover:underline">{message.email}</a>
                </p>
                <p className="text-xs text-slate-400">{formatShortDate(message.createdAt)}</p>
              </div>
              {message.subject ? <p className="mt-1 font-semibold text-slate-200">{message.subject}</p> : null}
              <p className="mt-2 whitespace-pre-wrap break-words text-sm text-slate-300">{message.message}</p>
            </li>
          ))}
        </ol>
      )}
      {olderBefore || paged ? (
        <nav aria-label="Message pages" className="mt-6 flex flex-wrap gap-3">
          {paged ? <Link to="/admin#messages" className="btn-secondary px-3 py-1.5">Newest messages</Link> : null}
          {olderBefore ? <Link to={`/admin?messagesBefore=${olderBefore}#messages`} className="btn-secondary px-3 py-1.5">Older messages</Link> : null}
        </nav>
      ) : null}
    </Section>
  );
}
