import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { data, Form, useNavigation } from "react-router";
import { Link } from "~/components/link";
import type { Route } from "./+types/submit-tip";
import { CHECK_ON_SEND, Field, FocusOnArrival, FormAlert, hintAndError, LogInInNewTab } from "~/components/forms";
import { TIP_MAX_DISPLAYED, TIP_MIN_DESCRIPTION, tipSubmissionSchema } from "~/lib/schemas/admin";
import { getApp } from "~/server/context.server";
import { getOptionalUser, requireUser } from "~/server/guards.server";
import { isDataRequest, readForm } from "~/server/http.server";
import { keepFormIfSignedOut, keptSubmission, takeKeptForm } from "~/server/kept-forms.server";
import { createTip } from "~/server/tips.server";
import { recordAttempt } from "~/server/throttle.server";
import { redirectWithToast } from "~/server/toast.server";
import { useHydrated } from "~/components/use-hydrated";

const STEPS = [
  { title: "Submit Your Tip", text: "Tell us the formation, the play and what makes it work." },
  { title: "Review Process", text: "Our team tests it in the lab and leaves feedback you can read in Account Settings." },
  { title: "Get Published", text: "The best tips are featured in the library with credit to you." },
];

export function meta() {
  return [{ title: "Submit a Tip | Gridiron Playbook" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(context, request);
  // A saved tip redirects here (so a reload sends nothing again): the thank-you card.
  const submitted = new URL(request.url).searchParams.has("submitted");
  // A tip sent without JavaScript after the session ended comes back in the form after the login.
  const kept = await takeKeptForm(getApp(context), request);
  if (!kept) return { submitted, restored: null };
  return data({ submitted, restored: keptSubmission(kept, tipSubmissionSchema).result }, { headers: { "Set-Cookie": kept.setCookie } });
}

export async function action({ request, context }: Route.ActionArgs) {
  // Without JavaScript the page after a refusal would be the login, the tip lost: it is kept
  // through the login instead. With JavaScript the form stays on screen with the message below.
  if (!isDataRequest(request)) await keepFormIfSignedOut(context, request);
  const user = await getOptionalUser(context);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: tipSubmissionSchema });
  if (!user) return data({ result: submission.reply({ formErrors: ["You must be logged in to submit a tip"] }), signedOut: true }, { status: 401 });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const app = getApp(context);
  const throttle = await recordAttempt(app.env.KV, `tips:${user.id}`, { limit: 10, windowSeconds: 60 * 60 });
  if (throttle.used > 10) {
    return data({ result: submission.reply({ formErrors: ["You have submitted many tips in a short time. Please try again later."] }) }, { status: 429 });
  }
  try {
    await createTip(app.db, user.id, submission.value);
  } catch (error) {
    console.error("Tip submission failed", error);
    return data({ result: submission.reply({ formErrors: ["Failed to submit tip. Please try again."] }) }, { status: 500 });
  }
  return redirectWithToast("/submit-tip?submitted", {
    kind: "success",
    title: "Tip Submitted!",
    description: "Your tip has been submitted and is pending review.",
  });
}

export default function SubmitTip({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <Link to="/home" className="inline-flex items-center gap-2 text-sm font-semibold text-slate-300 hover:text-white">
        <span aria-hidden="true">←</span> Back to Dashboard
      </Link>
      <h1 className="mt-6 font-display text-4xl font-black text-white">Submit a Tip</h1>
      <p className="mt-2 text-slate-400">Found a play that wins? Share it with the team.</p>

      <div className="mt-8 grid gap-8 lg:grid-cols-[3fr_2fr]">
        {loaderData.submitted ? (
          <section className="card p-8 text-center" aria-labelledby="thanks-title">
            <FocusOnArrival>
              <p className="text-5xl" aria-hidden="true">🙌</p>
              <h2 id="thanks-title" className="mt-4 text-2xl font-black text-white">Thank you!</h2>
              {/* Not a live region: the toast says it, and the keyboard lands on this card, read with it. */}
              <p className="mt-3 text-slate-300">Tip submitted successfully! It will be reviewed by our team.</p>
            </FocusOnArrival>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              <Link to="/submit-tip" className="btn-primary">Submit Another Tip</Link>
              <Link to="/home" className="btn-secondary">Close</Link>
            </div>
          </section>
        ) : (
          // Mounted afresh after the thank-you card: the next tip starts from an empty form.
          <TipForm result={actionData?.result ?? loaderData.restored ?? undefined} signedOut={Boolean(actionData && "signedOut" in actionData)} />
        )}

        <aside aria-labelledby="how-title" className="card p-6">
          <h2 id="how-title" className="text-xl font-bold text-white">How it works</h2>
          <ol className="mt-5 space-y-5">
            {STEPS.map((step, index) => (
              <li key={step.title} className="flex gap-4">
                <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-turf font-black text-field-950">{index + 1}</span>
                <div>
                  <h3 className="font-bold text-white">{step.title}</h3>
                  <p className="mt-1 text-sm text-slate-400">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </aside>
      </div>
    </div>
  );
}

function TipForm({ result, signedOut }: { result: SubmissionResult<string[]> | undefined; signedOut: boolean }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "submit-tip",
    lastResult: result,
    defaultValue: { gameType: "madden" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: tipSubmissionSchema }),
    ...CHECK_ON_SEND,
  });
  const hydrated = useHydrated();
  // What is typed, for the counter and the Submit button (a refused form comes back as sent).
  const [values, setValues] = useState(() => ({
    formationName: String(fields.formationName.initialValue ?? ""),
    playName: String(fields.playName.initialValue ?? ""),
    playbook: String(fields.playbook.initialValue ?? ""),
    tipDescription: String(fields.tipDescription.initialValue ?? ""),
  }));
  const length = values.tipDescription.trim().length;
  // Without JavaScript the counter can only say what the refused form came back with.
  const sentLength = String(fields.tipDescription.initialValue ?? "").trim().length;
  const complete =
    values.formationName.trim() && values.playName.trim() && values.playbook.trim() && length >= TIP_MIN_DESCRIPTION;
  // Until the thank-you page is there (the redirect's loading too): a second tap sends nothing.
  const busy = navigation.state !== "idle" && navigation.formData !== undefined;
  const track = (name: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    // Read now: React runs the updater after the event, when currentTarget is gone.
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [name]: value }));
  };

  return (
    <section className="card p-6" aria-labelledby="tip-form-title">
      <h2 id="tip-form-title" className="text-xl font-bold text-white">Your tip</h2>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
        <FormAlert errors={form.errors} />
        {signedOut ? (
          // JavaScript on: the form still holds the tip; the login opens beside it.
          <p className="text-sm text-slate-300">
            Your session has ended.
            <LogInInNewTab href={`/auth?redirectTo=${encodeURIComponent("/submit-tip")}`} then="then press Submit Tip again: your tip is still here." />
          </p>
        ) : null}
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Formation name" htmlFor={fields.formationName.id} errors={fields.formationName.errors} errorId={fields.formationName.errorId}>
            <input {...getInputProps(fields.formationName, { type: "text" })} className="input" placeholder="Gun Bunch" onChange={track("formationName")} />
          </Field>
          <Field label="Play name" htmlFor={fields.playName.id} errors={fields.playName.errors} errorId={fields.playName.errorId}>
            <input {...getInputProps(fields.playName, { type: "text" })} className="input" placeholder="Mesh Spot" onChange={track("playName")} />
          </Field>
          <Field label="Playbook" htmlFor={fields.playbook.id} errors={fields.playbook.errors} errorId={fields.playbook.errorId}>
            <input {...getInputProps(fields.playbook, { type: "text" })} className="input" placeholder="Kansas City Chiefs" onChange={track("playbook")} />
          </Field>
          <Field label="Game" htmlFor={fields.gameType.id} errors={fields.gameType.errors} errorId={fields.gameType.errorId}>
            <select {...getSelectProps(fields.gameType)} className="input">
              <option value="madden">Madden NFL 26</option>
              <option value="college">College Football 26</option>
            </select>
          </Field>
        </div>
        <Field
          label="Tip description"
          htmlFor={fields.tipDescription.id}
          errors={fields.tipDescription.errors}
          errorId={fields.tipDescription.errorId}
          hint={
            <span data-testid="tip-counter">
              {hydrated ? length : sentLength}/{TIP_MAX_DISPLAYED} characters (minimum {TIP_MIN_DESCRIPTION})
            </span>
          }
        >
          <textarea
            {...getTextareaProps(fields.tipDescription)}
            // The counter (and its minimum) is read with the field, and its error when there is one.
            aria-describedby={hintAndError(fields.tipDescription)}
            rows={6} className="input" onChange={track("tipDescription")} placeholder="When to call it, what it beats, the read..." />
        </Field>
        <div className="flex flex-wrap gap-3">
          {/* Disabled until complete (the spec); while sending, aria-disabled: a disabled button drops the keyboard's focus. */}
          <button type="submit" className="btn-primary" disabled={hydrated && !complete} aria-disabled={busy || undefined} onClick={(event) => busy && event.preventDefault()}>
            {busy ? "Submitting..." : "Submit Tip"}
          </button>
          <Link to="/home" className="btn-secondary">Cancel</Link>
        </div>
      </Form>
    </section>
  );
}
