import { useState, type SyntheticEvent } from "react";

/**
 * A <details> that opens when the page asks (an error inside it, a question asked in it) and closes
 * only when the member closes it: a request that ends (an error corrected as it is typed, a question
 * answered 'Keep') must not fold it shut under the keyboard. Spread the result on the element.
 */
export function useStickyOpen(wanted: boolean) {
  const [open, setOpen] = useState(wanted);
  const [asked, setAsked] = useState(wanted);
  if (asked !== wanted) {
    setAsked(wanted);
    if (wanted) setOpen(true);
  }
  return { open, onToggle: (event: SyntheticEvent<HTMLDetailsElement>) => setOpen(event.currentTarget.open) };
}
