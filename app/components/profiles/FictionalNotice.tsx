/** product.md §10: a fictional profile carries the site's `fictional_icon`, and its profile shows `fictional_warning`. */
export function FictionalNotice({ icon, warning }: { icon: string; warning: string }) {
  return (
    <p className="alert alert-warning fictional-notice" role="note">
      <span className="fictional-notice__icon">
        <svg className="icon" aria-hidden="true">
          <use href={`/icons.svg#${icon}`} />
        </svg>
      </span>{" "}
      {warning}
    </p>
  );
}
