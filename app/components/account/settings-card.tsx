/** One card of Account Settings: a section with its heading, reachable as #id. */
/** `heading`: the card's heading takes the keyboard's focus when a control of the card goes with its action (useFocusWhenLost). */
export function SettingsCard({
  id,
  title,
  children,
  heading,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
  heading?: { ref: React.Ref<HTMLHeadingElement>; used: (event: React.SyntheticEvent) => void };
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="card scroll-mt-4 p-6" onClickCapture={heading?.used} onSubmitCapture={heading?.used}>
      <h2 id={`${id}-title`} className="text-xl font-bold text-white" ref={heading?.ref} tabIndex={heading ? -1 : undefined}>
        {title}
      </h2>
      <div className="mt-5">{children}</div>
    </section>
  );
}
