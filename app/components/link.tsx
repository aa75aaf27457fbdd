import { createContext, useContext, type MouseEvent } from "react";
import { Link as RouterLink, useNavigate, type LinkProps, type NavigateFunction } from "react-router";
import { isSitePath } from "~/lib/html";

// React Router's <Link> resolves its path, reads the location and sets up click and prefetch
// handlers through about a dozen hooks per link: on a listing or a staff table with dozens of links
// that was a sixth of the page's server time. The links of this site go to absolute paths, so this
// <Link> renders the same anchor from one context read and navigates through the router's (stable)
// navigate function, provided once by the root layout. Anything unusual falls back to the router's.
const NavigateContext = createContext<NavigateFunction | null>(null);

export function LinkNavigation({ children }: { children: React.ReactNode }) {
  const navigate = useNavigate();
  return <NavigateContext.Provider value={navigate}>{children}</NavigateContext.Provider>;
}

/** Same rule as the router's: a plain left click on a link meant for this tab. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined) {
  return (
    event.button === 0 &&
    (!target || target === "_self") &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

export function Link(props: LinkProps & { ref?: React.Ref<HTMLAnchorElement> }) {
  const navigate = useContext(NavigateContext);
  const { to, discover = "render", onClick, replace, target, reloadDocument, preventScrollReset, ...rest } = props;
  const simple =
    navigate !== null &&
    typeof to === "string" &&
    isSitePath(to) &&
    props.prefetch === undefined &&
    props.state === undefined &&
    props.relative === undefined &&
    props.viewTransition === undefined &&
    props.mask === undefined &&
    props.defaultShouldRevalidate === undefined;
  if (!simple) return <RouterLink {...props} />;

  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainClick(event, target)) return;
    event.preventDefault();
    const here = window.location.pathname + window.location.search + window.location.hash;
    navigate!(to as string, { replace: replace ?? here === to, preventScrollReset });
  }

  return (
    <a
      {...rest}
      href={to}
      target={target}
      onClick={reloadDocument ? onClick : handleClick}
      data-discover={discover === "render" ? "true" : undefined}
    />
  );
}
