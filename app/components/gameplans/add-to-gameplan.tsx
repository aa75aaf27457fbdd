import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import { CHECK_ON_SEND, Field } from "~/components/forms";
import { Link } from "~/components/link";
import { GAMEPLAN_SITUATIONS } from "../../../db/enums";
import { GAME_LABELS } from "~/lib/format";
import { SITUATION_LABELS } from "~/lib/gameplans";
import { addToGameplanSchema } from "~/lib/schemas/gameplans";

type Answer = { ok: boolean; message?: string | null; error: string | null };

/**
 * 'Add to gameplan' on a play page: one of the member's gameplans of the play's game and a
 * situation. A POST form to /gameplans/add, so it works without JavaScript (back here with a
 * toast); with it, the answer appears in place.
 */
export function AddToGameplan(props: { playId: number; playPath: string; game: "college" | "madden"; gameplans: { id: number; name: string }[] }) {
  const { gameplans, game } = props;
  const fetcher = useFetcher<Answer>();
  const [form, fields] = useForm({
    id: "add-to-gameplan-form",
    defaultValue: { gameplanId: String(gameplans[0]?.id ?? ""), situation: GAMEPLAN_SITUATIONS[0] },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addToGameplanSchema }),
    ...CHECK_ON_SEND,
  });
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const saving = fetcher.state !== "idle";
  const conformProps = getFormProps(form);
  // While a play is being added, another press sends nothing.
  const formProps = { ...conformProps, onSubmit: (event: React.FormEvent<HTMLFormElement>) => (saving ? event.preventDefault() : conformProps.onSubmit(event)) };
  return (
    <section id="add-to-gameplan" aria-labelledby="add-to-gameplan-title" className="card scroll-mt-4 p-5">
      <h2 id="add-to-gameplan-title" className="text-lg font-bold text-white">Add to gameplan</h2>
      {gameplans.length === 0 ? (
        <p className="mt-2 text-sm text-slate-300">
          You have no {GAME_LABELS[game]} gameplans yet. <Link to={`/gameplans?${new URLSearchParams({ game, from: props.playPath })}`} className="text-link">Create a gameplan</Link>: you
          come back here to add this play under a situation.
        </p>
      ) : (
        <fetcher.Form method="post" action="/gameplans/add" {...formProps} preventScrollReset className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end">
          <input type="hidden" name="playId" value={props.playId} />
          <input type="hidden" name="back" value={props.playPath} />
          <Field label="Gameplan" htmlFor={fields.gameplanId.id} errors={fields.gameplanId.errors} errorId={fields.gameplanId.errorId}>
            <select {...getSelectProps(fields.gameplanId)} className="input">
              {gameplans.map((plan) => (
                <option key={plan.id} value={plan.id}>{plan.name}</option>
              ))}
            </select>
          </Field>
          <Field label="Situation" htmlFor={fields.situation.id} errors={fields.situation.errors} errorId={fields.situation.errorId}>
            <select {...getSelectProps(fields.situation)} className="input">
              {GAMEPLAN_SITUATIONS.map((situation) => (
                <option key={situation} value={situation}>{SITUATION_LABELS[situation]}</option>
              ))}
            </select>
          </Field>
          {/* aria-disabled, not disabled: a disabled button drops the keyboard's focus to the page. */}
          <button type="submit" className="btn-primary" aria-disabled={saving || undefined}>Add to gameplan</button>
        </fetcher.Form>
      )}
      <p role="status" className={`mt-2 min-h-5 text-sm ${answer?.error ? "text-red-300" : "text-slate-300"}`}>
        {answer ? <span>{answer.error ?? answer.message}</span> : null}
        {answer?.ok ? <> <Link to="/gameplans" className="text-link">Your gameplans</Link></> : null}
      </p>
    </section>
  );
}
