import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/translation";
import { CloseModalActions } from "./CloseModalActions";
import { useSubmit, href } from "react-router";
import type { GifResult } from "~/chat/gifs/gif-provider";
import { useModalDialog } from "~/components/layout/use-modal-dialog";

/** The search runs this long after the member stops typing. */
const SEARCH_DELAY_MS = 300;

/**
 * product.md §2 "GIF search": a modal that searches the configured GIF provider (GET
 * /api/gifs.php, the sticker catalogue by default) in the member's language; picking a GIF sends it
 * as a message through the chat's own form (a GIF costs what a message costs, product.md §10).
 * Loaded when the member first opens it, so the chat pages do not ship it.
 */
export default function GifSearch({
  open,
  onClose,
  clientKey,
  messageCost,
  busy,
}: {
  open: boolean;
  onClose: () => void;
  clientKey: string;
  messageCost: number;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const dialog = useModalDialog(open);
  const submit = useSubmit();
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<GifResult[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`${href("/api/gifs.php")}?q=${encodeURIComponent(query)}`, { signal: controller.signal });
        const body = (await response.json()) as { results?: GifResult[] };
        setResults(body.results ?? []);
        setFailed(!response.ok);
      } catch {
        if (!controller.signal.aborted) setFailed(true);
      }
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, query]);

  function send(gif: GifResult) {
    void submit({ intent: "gif", clientKey, gif: gif.url }, { method: "post", preventScrollReset: true });
  }

  return (
    <dialog ref={dialog} className="block-modal gif-search" aria-labelledby="gif-search-title" onClose={() => open && onClose()}>
      <div className="block-modal__body">
        <h2 id="gif-search-title">{t("chat:gif.title")}</h2>
        <label className="gif-search__field">
          <span className="visually-hidden">{t("chat:gif.searchLabel")}</span>
          <input
            type="search"
            value={query}
            maxLength={64}
            placeholder={t("chat:gif.placeholder")}
            onChange={(event) => setQuery(event.target.value)}
            data-autofocus
          />
        </label>
        <p className="field-hint">{t("chat:gif.cost", { count: messageCost })}</p>
        {failed ? (
          <p className="alert alert-danger">{t("messages.generic")}</p>
        ) : results?.length === 0 ? (
          <p>{t("chat:gif.none")}</p>
        ) : (
          <ul className="gif-search__results" aria-busy={results === null}>
            {results?.map((gif) => (
              <li key={gif.id}>
                <button type="button" className="gif-search__gif" onClick={() => send(gif)} disabled={busy}>
                  <img src={gif.preview} alt={gif.title} width={gif.width} height={gif.height} loading="lazy" />
                </button>
              </li>
            ))}
          </ul>
        )}
        <CloseModalActions onClose={onClose} />
      </div>
    </dialog>
  );
}
