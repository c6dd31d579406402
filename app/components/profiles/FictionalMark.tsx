/** The site's mark on one of its fictional profiles (product.md §10 "Fictional profiles"): an icon of the sprite, named for screen readers. */
export function FictionalMark({ icon, label, className }: { icon: string; label: string; className?: string }) {
  return (
    <span className={className} title={label}>
      <svg className="icon" aria-hidden="true">
        <use href={`/icons.svg#${icon}`} />
      </svg>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
