import { useState } from "react";
import { useTranslation } from "react-i18next";

/** The answer of `POST /api/likes.php` `{ profile_id, action }`. */
type LikeReply = { liked: boolean; matched: boolean };

function isLikeReply(value: unknown): value is LikeReply {
  return typeof value === "object" && value !== null && typeof (value as LikeReply).liked === "boolean";
}

type State = { liked: boolean; matched: boolean; busy: boolean; failed: boolean };

/**
 * Like / unlike on a search tile through `POST /api/likes.php`. The heart turns at once and
 * settles on the server's answer; a refusal (the member is gone, blocked you, the session ended)
 * turns it back with a short message.
 *
 * A plain `fetch` rather than `useFetcher`: a fetcher sends any 4xx answer of the JSON call to
 * the page's error boundary (replacing the whole result list) and revalidates every loader of the
 * page — the full search — after each like. Nothing else on the page depends on the like.
 */
export function LikeButton({ profileId, name, liked }: { profileId: number; name: string; liked: boolean }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ liked, matched: false, busy: false, failed: false });

  async function toggle() {
    if (state.busy) return;
    const wanted = !state.liked;
    setState({ liked: wanted, matched: false, busy: true, failed: false });
    try {
      const response = await fetch("/api/likes.php", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ profile_id: profileId, action: wanted ? "like" : "unlike" }),
      });
      const reply: unknown = response.ok ? await response.json() : null;
      if (!isLikeReply(reply)) throw new Error(`like failed: ${response.status}`);
      setState({ liked: reply.liked, matched: reply.liked && reply.matched, busy: false, failed: false });
    } catch {
      setState({ liked: !wanted, matched: false, busy: false, failed: true });
    }
  }

  return (
    <>
      <button
        type="button"
        className={`btn btn-sm like-button${state.liked ? " like-button--liked" : ""}`}
        aria-pressed={state.liked}
        aria-label={t("search:like.like", { name })}
        aria-busy={state.busy}
        onClick={toggle}
      >
        <span aria-hidden="true">{state.liked ? "♥" : "♡"}</span>
      </button>
      <span className="like-button__status" role="status">
        {state.matched ? t("search:like.matched") : state.failed ? t("search:like.failed") : ""}
      </span>
    </>
  );
}
