import { useId, useState, type ReactNode } from "react";
import { useTranslation } from "~/i18n/translation";
import { Form, href } from "react-router";
import { useModalDialog } from "~/components/layout/use-modal-dialog";
import type { SearchFilterOptions, SearchFilters } from "~/search/search-params";
import { SearchFilterFields } from "./SearchFilterFields";

/**
 * product.md §2 "member search" modal: the search filters in a `<dialog>`, submitted as a GET to
 * /members. It offers exactly what the search loader tells it (`options`: the site's countries and
 * regions, its age bounds and the filters this visitor may use), never a filter the server drops.
 */
export function MemberSearchModal({
  open,
  onClose,
  values,
  options,
}: {
  open: boolean;
  onClose: () => void;
  values: SearchFilters | null;
  options: SearchFilterOptions;
}) {
  const { t } = useTranslation();
  const dialog = useModalDialog(open);
  const titleId = useId();

  return (
    <dialog ref={dialog} className="search-modal" aria-labelledby={titleId} onClose={onClose}>
      <div className="search-modal__header">
        <h2 id={titleId} className="h5">
          {t("search:filters.title")}
        </h2>
        <button type="button" className="search-modal__close" onClick={onClose} aria-label={t("search:filters.close")}>
          <svg className="icon" aria-hidden="true">
            <use href="/icons.svg#close" />
          </svg>
        </button>
      </div>
      {/* The form is only rendered while open: the page does not ship a second copy of the filters. */}
      {open && (
        <Form method="get" action={href("/members")} className="form-stack" onSubmit={onClose}>
          <SearchFilterFields idPrefix={`${titleId}-filter`} values={values} options={options} />
          <button type="submit" className="btn btn-primary btn-block">
            {t("search:filters.submit")}
          </button>
        </Form>
      )}
    </dialog>
  );
}

/** A button that opens the member search modal (the search page's filters on small screens). */
export function MemberSearchButton({
  className = "btn btn-outline",
  children,
  values,
  options,
}: {
  className?: string;
  children: ReactNode;
  values: SearchFilters | null;
  options: SearchFilterOptions;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {children}
      </button>
      <MemberSearchModal open={open} onClose={() => setOpen(false)} values={values} options={options} />
    </>
  );
}
