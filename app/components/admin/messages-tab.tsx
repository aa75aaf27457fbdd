import { formatShortDate } from "~/lib/format";
import type { DashboardLoaderData as LoaderData } from "~/routes/admin/dashboard";
import { Section } from "./data-table";

export function MessagesTab({ messages }: { messages: NonNullable<LoaderData["messages"]> }) {
  return (
    <Section id="messages" title="Messages">
      {messages.length === 0 ? (
        <p className="text-slate-400">No messages yet.</p>
      ) : (
        <ol className="space-y-4">
          {messages.map((message) => (
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
    </Section>
  );
}
