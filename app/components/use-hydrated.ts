import { useSyncExternalStore } from "react";

const subscribeNothing = () => () => {};

/**
 * False in the server's HTML and while it is being hydrated, true in the browser afterwards: for the
 * parts of a form that only JavaScript can keep right (a button disabled until a box is ticked, a
 * live counter), so that without JavaScript the form still submits.
 */
export function useHydrated() {
  return useSyncExternalStore(subscribeNothing, () => true, () => false);
}
