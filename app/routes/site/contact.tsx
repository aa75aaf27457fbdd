import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { data, Form, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/contact";
import { CHECK_ON_SEND, Field, FormAlert } from "~/components/forms";
import { showToast } from "~/components/toaster";
import { useFocusWhenLost } from "~/components/use-focus-on-arrival";
import { contactSchema, MAX_CONTACT_MESSAGE } from "~/lib/schemas/contact";
import { formatCount } from "~/lib/format";
import { pageMeta } from "~/lib/seo";
import { submitContactMessage } from "~/server/contact.server";
import { getApp } from "~/server/context.server";
import { readForm } from "~/server/http.server";
import { turnstileSiteKey, verifyTurnstile } from "~/server/turnstile.server";
import { Turnstile } from "~/components/turnstile";
import { getOptionalUser } from "~/server/guards.server";
import { redirectWithToast } from "~/server/toast.server";
import { isServiceUnavailable } from "~/server/unavailable.server";

const MISSING = { kind: "error" as const, title: "Missing Information", description: "Please fill in all required fields." };
const FAILED = { kind: "error" as const, title: "Error", description: "Failed to send message. Please try again." };
const THROTTLED = { kind: "error" as const, title: "Message not sent", description: "You have sent several messages in a short time. Please try again later." };
const SENT = { kind: "success" as const, title: "Message Sent!", description: "We'll get back to you within 24 hours." };

const FAQ = [
  {
    question: "What do I get with a premium membership?",
    answer: "Every scheme with its formations and plays (videos, diagrams and write-ups), all pro tips, gameplay breakdowns and lab sessions for both games, plus ratings, comments and favorites.",
  },
  {
    question: "Can I cancel anytime?",
    answer: "Yes. Cancel from Account Settings in two clicks. You keep access until the end of the period you paid for, and a first purchase is covered by our 7-day money-back guarantee.",
  },
  {
    question: "How often is new content added?",
    answer: "Every week. We add schemes, pro tips and lab sessions as the meta and the patches change, for College Football 26 and Madden NFL 26.",
  },
  {
    question: "Can I suggest a tip or a play?",
    answer: "Absolutely. Members can submit tips from the Submit Tip page; our team reviews every one and features the best with credit.",
  },
];

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ matches, title: "Contact", description: "Questions about schemes, billing or your account? We answer within 24 hours.", path: "/contact" });
}

export function loader({ context }: Route.LoaderArgs) {
  const { env } = getApp(context);
  return { supportEmail: env.SUPPORT_EMAIL, discordUrl: env.DISCORD_INVITE_URL, turnstileSiteKey: turnstileSiteKey(env) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: contactSchema });
  if (submission.status !== "success") {
    const missing = ["name", "email", "message"].some((name) => !String(formData.get(name) ?? "").trim());
    return data({ result: submission.reply(), toast: missing ? MISSING : null }, { status: 400 });
  }
  // A filled honeypot is a bot: answer as if sent, keep nothing.
  if (submission.value.website) return redirectWithToast("/contact", SENT);
  const human = await verifyTurnstile(app.env, request, formData);
  if (!human.ok) return data({ result: submission.reply({ formErrors: [human.message] }), toast: null }, { status: 400 });
  const viewer = await getOptionalUser(context);
  try {
    const { website: _honeypot, ...input } = submission.value;
    const outcome = await submitContactMessage(app, request, input, viewer?.id ?? null);
    if (outcome.status === "throttled") {
      return data(
        {
          result: submission.reply(),
          toast: THROTTLED,
        },
        { status: 429 },
      );
    }
  } catch (error) {
    // D1 or KV not answering: the Worker's 503 with Retry-After, as every other form gets.
    if (isServiceUnavailable(error)) throw error;
    console.error("Contact message failed", error);
    return data({ result: submission.reply(), toast: FAILED }, { status: 500 });
  }
  return redirectWithToast("/contact", SENT);
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "contact",
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactSchema }),
    ...CHECK_ON_SEND,
  });
  const location = useLocation();
  // The form starts empty at each new page (the redirect after a message is sent), not after a
  // refusal: with JavaScript that answer is a new location too, and the typing must stay.
  const formKey = useRef(location.key);
  if (!actionData && navigation.state === "idle") formKey.current = location.key;
  // Runs before conform's own submit handler, which stops an invalid form without calling ours.
  const warnIfMissing = (event: React.FormEvent<HTMLFormElement>) => {
    const formData = new FormData(event.currentTarget);
    if (["name", "email", "message"].some((name) => !String(formData.get(name) ?? "").trim())) showToast(MISSING);
  };
  useEffect(() => {
    if (actionData?.toast) showToast(actionData.toast);
  }, [actionData]);
  const sending = navigation.state === "submitting";
  // Sent, the form starts anew and its button goes with the old one: the focus goes to the form's heading.
  const { ref: headingRef, used } = useFocusWhenLost<HTMLHeadingElement>();

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="font-display text-4xl font-black text-white">Contact Us</h1>
      <p className="mt-2 max-w-2xl text-slate-400">Questions about a scheme, your membership or billing? Send us a message.</p>
      <div className="mt-10 grid gap-8 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="contact-form-title" className="card p-6" onSubmit={used}>
          <h2 ref={headingRef} tabIndex={-1} id="contact-form-title" className="text-xl font-bold text-white">Send a message</h2>
          <Form key={formKey.current} method="post" {...getFormProps(form)} onSubmitCapture={warnIfMissing} className="mt-6 space-y-5">
            {actionData?.toast ? <FormAlert errors={[`${actionData.toast.title} - ${actionData.toast.description}`]} /> : null}
            <FormAlert errors={form.errors} />
            <div className="grid gap-5 sm:grid-cols-2">
              <Field label="Name" htmlFor={fields.name.id} errors={fields.name.errors} errorId={fields.name.errorId}>
                <input {...getInputProps(fields.name, { type: "text" })} required={false} autoComplete="name" className="input" />
              </Field>
              <Field label="Email" htmlFor={fields.email.id} errors={fields.email.errors} errorId={fields.email.errorId}>
                <input {...getInputProps(fields.email, { type: "email" })} required={false} autoComplete="email" className="input" />
              </Field>
            </div>
            <Field label="Subject" htmlFor={fields.subject.id} errors={fields.subject.errors} errorId={fields.subject.errorId}>
              <input {...getInputProps(fields.subject, { type: "text" })} className="input" />
            </Field>
            <Field label="Message" htmlFor={fields.message.id} errors={fields.message.errors} errorId={fields.message.errorId} hint={`Up to ${formatCount(MAX_CONTACT_MESSAGE)} characters.`}>
              <textarea {...getTextareaProps(fields.message)} required={false} rows={6} className="input" />
            </Field>
            <div className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden="true">
              <label htmlFor="contact-website">Website</label>
              <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
            </div>
            <Turnstile siteKey={loaderData.turnstileSiteKey} />
            <button type="submit" className="btn-primary" aria-disabled={sending || undefined} onClick={(event) => sending && event.preventDefault()}>
              {sending ? "Sending..." : "Send Message"}
            </button>
          </Form>
        </section>

        <div className="space-y-5">
          <div className="card p-6">
            <h2 className="text-lg font-bold text-white">Email Support</h2>
            <p className="mt-1 text-sm text-slate-400">Write to us directly.</p>
            <a href={`mailto:${loaderData.supportEmail}`} className="mt-3 inline-block font-semibold text-turf hover:underline">{loaderData.supportEmail}</a>
          </div>
          <div className="card p-6">
            <h2 className="text-lg font-bold text-white">Community Chat</h2>
            <p className="mt-1 text-sm text-slate-400">Talk schemes with members and coaches on Discord.</p>
            <a href={loaderData.discordUrl} target="_blank" rel="noopener noreferrer" className="mt-3 inline-block font-semibold text-turf hover:underline">Join our Discord</a>
          </div>
          <div className="card p-6">
            <h2 className="text-lg font-bold text-white">Response Time</h2>
            <p className="mt-1 text-sm text-slate-400">We answer every message within 24 hours.</p>
          </div>
        </div>
      </div>

      <section aria-labelledby="faq-title" className="mt-16">
        <h2 id="faq-title" className="font-display text-3xl font-black text-white">Frequently Asked Questions</h2>
        <div className="mt-6 grid gap-4 md:grid-cols-2">
          {FAQ.map((entry) => (
            <details key={entry.question} className="card group p-5">
              <summary className="cursor-pointer text-lg font-bold text-white">{entry.question}</summary>
              <p className="mt-3 text-slate-300">{entry.answer}</p>
            </details>
          ))}
        </div>
      </section>
    </div>
  );
}
