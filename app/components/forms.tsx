import { useFocusOnArrival } from "~/components/use-focus-on-arrival";
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useState, type ReactNode } from "react";
import { passwordStrength } from "~/lib/password-rules";

/**
 * When conform checks a form in the browser: at the first send, then as each field is corrected.
 * Never when a field is left: a message appearing then pushes what is below it down under the finger
 * or mouse already pressing the next control, and that press is lost (the register form's terms
 * checkbox; the title-update form's 'Touches gameplay', left ticked by mistake, sent a whole game's
 * library back to re-test).
 */
export const CHECK_ON_SEND = { shouldValidate: "onSubmit", shouldRevalidate: "onInput" } as const;

/**
 * After a send the browser refused: the first field marked invalid is focused, its folded sections
 * (closed <details>) unfolded first. conform focuses it while checking, before the page has
 * re-rendered with those sections open, and a field in a closed section cannot take focus: the
 * keyboard stayed on the button and the message sat out of sight, so the press seemed to do nothing.
 */
export function revealFirstInvalid(form: HTMLFormElement) {
  // A submit is a discrete event: React has rendered the errors before this timer runs.
  window.setTimeout(() => {
    const field = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field || document.activeElement === field) return;
    for (let section = field.closest("details"); section; section = section.parentElement?.closest("details") ?? null) section.open = true;
    field.focus();
  }, 0);
}

export function FieldErrors({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="field-error" role="alert">
      {errors[0]}
    </p>
  );
}

/** After a refusal because the session ended: log in beside the form that still holds the text. */
export function LogInInNewTab({ href, then }: { href: string; then: string }) {
  return (
    <>
      {" "}
      <a href={href} target="_blank" rel="noopener" className="text-link">
        Log in in a new tab
      </a>
      , {then}
    </>
  );
}

export function FormAlert({ errors, tone = "error" }: { errors?: string[] | null; tone?: "error" | "success" }) {
  if (!errors?.length) return null;
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-lg border px-4 py-3 text-sm ${
        tone === "error" ? "border-red-500/50 bg-red-950/40 text-red-300" : "border-turf/50 bg-lime-950/40 text-lime-200"
      }`}
    >
      {errors[0]}
    </div>
  );
}

/**
 * Said when a form posted without JavaScript comes back: browsers never refill a file field, so
 * the files chosen before are gone and must be chosen again.
 */
export function FilesNotKept({ show, many, className = "" }: { show: boolean; many: boolean; className?: string }) {
  if (!show) return null;
  return (
    <p role="status" className={`rounded-lg border border-blitz/60 bg-orange-950/40 px-4 py-3 text-sm text-orange-200 ${className}`}>
      {many
        ? "The images you chose were not kept: a page that comes back cannot hold chosen files. Choose them again before saving."
        : "The image you chose was not kept: a page that comes back cannot hold a chosen file. Choose it again before saving."}
    </p>
  );
}

/**
 * What takes the place of a form once it is sent (a thank-you, 'Check Your Email'): the keyboard's
 * focus, lost with the form's button, goes to it, so a screen reader reads it next.
 */
export function FocusOnArrival({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useFocusOnArrival<HTMLDivElement>();
  return (
    <div ref={ref} tabIndex={-1} className={`outline-none ${className ?? ""}`}>
      {children}
    </div>
  );
}

/** The id of a Field's hint, for its control's aria-describedby. */
export function hintIdOf(htmlFor: string) {
  return `${htmlFor}-hint`;
}

/** A control's aria-describedby when its Field has a hint: the hint, and its error when there is one. */
export function hintAndError(field: { id: string; errorId: string; errors?: string[] | null }) {
  return field.errors?.length ? `${hintIdOf(field.id)} ${field.errorId}` : hintIdOf(field.id);
}

export function Field({
  label,
  htmlFor,
  errors,
  errorId,
  hint,
  children,
}: {
  label: string;
  htmlFor: string;
  errors?: string[] | null;
  errorId?: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={htmlFor} className="label">
        {label}
      </label>
      {children}
      {hint ? (
        <div id={hintIdOf(htmlFor)} className="mt-1 text-xs text-slate-400">
          {hint}
        </div>
      ) : null}
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

const BAR_COLORS = { Weak: "bg-red-500", Fair: "bg-amber-400", Good: "bg-sky-400", Strong: "bg-turf" } as const;

/** Five bars filled by the 0-9 score, the label, and the first hints. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  if (!password) return null;
  const { score, label, hints } = passwordStrength(password);
  const filled = Math.min(5, Math.ceil((score / 9) * 5));
  return (
    <div className="mt-2" aria-live="polite">
      <div className="flex gap-1" aria-hidden="true">
        {Array.from({ length: 5 }, (_, index) => (
          <span key={index} className={`h-1.5 flex-1 rounded-full ${index < filled ? BAR_COLORS[label] : "bg-field-700"}`} />
        ))}
      </div>
      <p className="mt-1 text-xs text-slate-300">
        Password strength: <span className="font-semibold">{label}</span>
      </p>
      {hints.length ? (
        <ul className="mt-1 list-disc pl-5 text-xs text-slate-400">
          {hints.slice(0, 3).map((hint) => (
            <li key={hint}>{hint}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

type TextField = FieldMetadata<string, Record<string, unknown>, string[]>;

/** First and last name side by side (register, profile). */
export function NameFields({ firstName, lastName }: { firstName: TextField; lastName: TextField }) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Field label="First name" htmlFor={firstName.id} errors={firstName.errors} errorId={firstName.errorId}>
        <input {...getInputProps(firstName, { type: "text" })} autoComplete="given-name" className="input" />
      </Field>
      <Field label="Last name" htmlFor={lastName.id} errors={lastName.errors} errorId={lastName.errorId}>
        <input {...getInputProps(lastName, { type: "text" })} autoComplete="family-name" className="input" />
      </Field>
    </div>
  );
}

/** A new password (register, reset, change): the input with its live strength meter. */
export function NewPasswordField({ label, field }: { label: string; field: TextField }) {
  const [password, setPassword] = useState("");
  return (
    <Field label={label} htmlFor={field.id} errors={field.errors} errorId={field.errorId}>
      <input
        {...getInputProps(field, { type: "password" })}
        autoComplete="new-password"
        className="input"
        onChange={(event) => setPassword(event.currentTarget.value)}
      />
      <PasswordStrengthMeter password={password} />
    </Field>
  );
}
