import { data } from "react-router";
import type { Route } from "./+types/outbox";
import { formatShortDate } from "~/lib/format";
import { getApp } from "~/server/context.server";
import { isOutboxEnabled, listOutbox } from "~/server/email.server";

// The local outbox: every e-mail the app sent, newest first. Only when no e-mail
// key is configured and the app runs on this machine.
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  if (!isOutboxEnabled(app.env, request.url)) throw data(null, { status: 404 });
  return { messages: await listOutbox(app.env) };
}

export function meta() {
  return [{ title: "Local outbox | Gridiron Playbook" }, { name: "robots", content: "noindex" }];
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="font-display text-3xl font-black text-white">Local outbox</h1>
      <p className="mt-2 text-slate-400">E-mails the app sent while running locally without an e-mail key, newest first.</p>
      {loaderData.messages.length === 0 ? (
        <p className="mt-8 text-slate-300">No e-mails sent yet.</p>
      ) : (
        <ol className="mt-8 space-y-4">
          {loaderData.messages.map((message) => (
            <li key={message.id} className="card p-5" data-testid="outbox-message">
              <p className="text-xs text-slate-400">
                {formatShortDate(message.sentAt)} {new Date(message.sentAt).toISOString().slice(11, 19)} UTC
              </p>
              <p className="mt-1 text-sm text-slate-300">
                To: <span className="font-semibold text-white" data-testid="outbox-to">{message.to}</span>
              </p>
              <h2 className="mt-1 text-lg font-bold text-white" data-testid="outbox-subject">{message.subject}</h2>
              {message.headers ? (
                <dl className="mt-2 space-y-1 text-xs text-slate-400">
                  {Object.entries(message.headers).map(([name, value]) => (
                    <div key={name} data-testid="outbox-header">
                      <dt className="inline font-semibold">{`${name}:`}</dt> <dd className="inline break-all">{value}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
              <pre className="mt-3 whitespace-pre-wrap break-words font-sans text-sm text-slate-300">{message.text}</pre>
              {message.links.length ? (
                <ul className="mt-3 space-y-1">
                  {message.links.map((link) => (
                    <li key={link}>
                      <a href={link} className="break-all text-sm font-semibold text-turf hover:underline" data-testid="outbox-link">
                        {link}
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
