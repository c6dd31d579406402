import { useEffect, useId, useState, type ReactNode } from "react";
import { useTranslation } from "~/i18n/translation";
import { Form, useFetcher } from "react-router";
import { useModalDialog } from "~/components/layout/use-modal-dialog";
import { useRootData } from "~/root";
import type { SearchField, SearchFilters } from "~/search/search-params";
import { MAX_SEARCH_AGE } from "~/search/search-params";
import { SearchFilterFields, type SearchFilterOptions, type SearchRegions } from "./SearchFilterFields";

const ALL_FIELDS: readonly SearchField[] = ["gender", "country", "region", "age"];

/**
 * product.md §2 "member search" modal: the search filters in a `<dialog>`, submitted as a GET to
 * /members. On the search page it gets the current filters and options; anywhere else (the top
 * navigation's search item) it needs no props beyond `open`/`onClose`: it loads the site's
 * countries and regions from /api/regions.php when first opened, and the server fills in the
 * member's defaults for "suggested".
 */
export function MemberSearchModal({
  open,
  onClose,
  values = null,
  options,
}: {
  open: boolean;
  onClose: () => void;
  values?: SearchFilters | null;
  options?: SearchFilterOptions;
}) {
  const { t } = useTranslation();
  const dialog = useModalDialog(open);
  const titleId = useId();
  const root = useRootData();
  const regions = useFetcher<SearchRegions>();
  const needsRegions = open && !options && regions.state === "idle" && !regions.data;

  useEffect(() => {
    if (needsRegions) void regions.load("/api/regions.php");
  }, [needsRegions, regions]);

  const loaded: SearchFilterOptions | null =
    options ??
    (regions.data
      ? {
          countries: Object.keys(regions.data),
          regions: regions.data,
          minAge: root?.site.minAge ?? 18,
          maxAge: MAX_SEARCH_AGE,
          allowed: ALL_FIELDS,
        }
      : null);

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
      {!open ? null : loaded ? (
        <Form method="get" action="/members" className="form-stack" onSubmit={onClose}>
          <SearchFilterFields idPrefix={`${titleId}-filter`} values={values} options={loaded} />
          <button type="submit" className="btn btn-primary btn-block">
            {t("search:filters.submit")}
          </button>
        </Form>
      ) : (
        <p aria-live="polite">{t("search:filters.loading")}</p>
      )}
    </dialog>
  );
}

/** A button that opens the member search modal (for the page's small screens and the navigation). */
export function MemberSearchButton({
  className = "btn btn-outline",
  children,
  values,
  options,
}: {
  className?: string;
  children: ReactNode;
  values?: SearchFilters | null;
  options?: SearchFilterOptions;
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
