import { useEffect, useRef } from "react";
import { Form, useNavigate } from "react-router";
import { useDashboardQuery } from "./dashboard-query";

const SEARCH_DELAY_MS = 300;

/**
 * The Users tab's search: a GET form with a Search button (without JavaScript), and with JavaScript
 * a list that follows the box as it is typed in. The address follows by replacing the history entry,
 * so Back leaves the dashboard instead of stepping through every keystroke.
 */
export function UserSearch({ search }: { search: string }) {
  const query = useDashboardQuery();
  const navigate = useNavigate();
  const box = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Back and Forward change the search without typing: the box follows, unless it is being typed in.
  useEffect(() => {
    const input = box.current;
    if (input && document.activeElement !== input && input.value.trim() !== search) input.value = search;
  }, [search]);

  return (
    <Form method="get" action="/admin#users" className="flex max-w-md gap-2" role="search" preventScrollReset onSubmit={() => clearTimeout(timer.current)}>
      {query.keptFor("q", "usersPage").map(([name, value]) => (
        <input key={`${name}:${value}`} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="user-search" className="sr-only">Search users</label>
      <input
        ref={box}
        id="user-search"
        name="q"
        type="search"
        defaultValue={search}
        placeholder="Search users..."
        autoComplete="off"
        className="input"
        onChange={(event) => {
          const href = query.searchHref("q", event.currentTarget.value, "usersPage", "users");
          clearTimeout(timer.current);
          timer.current = setTimeout(() => navigate(href, { replace: true, preventScrollReset: true }), SEARCH_DELAY_MS);
        }}
      />
      <button type="submit" className="btn-secondary">Search</button>
    </Form>
  );
}
