/** One titled part of the settings page, reachable by its anchor (`/settings#password`). */
export function SettingsSection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="settings-section" id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="settings-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The outcome of a settings form, announced to screen readers. */
export function Notice({ text, tone = "success" }: { text?: string; tone?: "success" | "danger" }) {
  if (!text) return null;
  return (
    <div className={`alert alert-${tone}`} role={tone === "danger" ? "alert" : "status"}>
      <p>{text}</p>
    </div>
  );
}
