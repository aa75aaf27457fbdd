import { Link } from "~/components/link";

/**
 * 'Works on current update': a link that turns the filter on or off (a switch for assistive
 * technology). A switch answers Space as well as Enter; a link by itself answers only Enter.
 */
export function WorksFilterLink({ to, on }: { to: string; on: boolean }) {
  return (
    <Link
      to={to}
      role="switch"
      aria-checked={on}
      onKeyDown={(event) => {
        if (event.key !== " ") return;
        event.preventDefault();
        event.currentTarget.click();
      }}
      className={`btn-secondary ${on ? "border-emerald-400 text-emerald-300" : ""}`}>
      <span aria-hidden="true" className={`inline-flex h-4 w-4 items-center justify-center rounded border text-[10px] ${on ? "border-emerald-400 bg-emerald-400 text-field-950" : "border-slate-400"}`}>
        {on ? "✓" : ""}
      </span>
      Works on current update
    </Link>
  );
}
