/** product.md §10: a fictional profile carries the site's `fictional_icon`, and its profile shows `fictional_warning`. */
export function FictionalNotice({ icon, warning }: { icon: string; warning: string }) {
  return (
    <p className="alert alert-warning fictional-notice" role="note">
      <span className="fictional-notice__icon" aria-hidden="true">
        {icon}
      </span>{" "}
      {warning}
    </p>
  );
}
