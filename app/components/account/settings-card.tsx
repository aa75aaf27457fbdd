/** One card of Account Settings: a section with its heading, reachable as #id. */
export function SettingsCard({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="card scroll-mt-4 p-6">
      <h2 id={`${id}-title`} className="text-xl font-bold text-white">
        {title}
      </h2>
      <div className="mt-5">{children}</div>
    </section>
  );
}
