/**
 * The one line that tells a member why the match finder suggests someone ("You both like cooking
 * and travelling · Both in Utrecht · 2 years apart"): at most three reasons, strongest first.
 */
import type { Translate } from "~/i18n/translation";
import type { MatchReasons } from "~/discovery/match-finder.server";
import { localeTag } from "~/i18n/format";
import { displayNames, listFormat } from "~/i18n/intl";

const MAX_PARTS = 3;
const MAX_INTERESTS = 3;
/** An age gap this small is worth mentioning. */
const CLOSE_IN_AGE = 3;

/** Interest labels are capitalised nouns; inside a sentence they read lower case, except in German. */
function inSentence(label: string, language: string): string {
  return language === "de" ? label : label.toLocaleLowerCase(localeTag(language));
}

export function explainMatch(reasons: MatchReasons, t: Translate, language: string): string {
  const locale = localeTag(language);
  const parts: string[] = [];
  if (reasons.sharedInterests.length > 0) {
    const names = reasons.sharedInterests.slice(0, MAX_INTERESTS).map((key) => inSentence(t(`interests.${key}`), language));
    parts.push(t("discovery:matchFinder.reasons.interests", { list: listFormat(locale, { type: "conjunction" }).format(names) }));
  }
  if (reasons.place?.kind === "region") parts.push(t("discovery:matchFinder.reasons.region", { region: reasons.place.name }));
  if (reasons.place?.kind === "country") {
    const country = displayNames(locale, { type: "region" }).of(reasons.place.code) ?? reasons.place.code;
    parts.push(t("discovery:matchFinder.reasons.country", { country }));
  }
  if (reasons.ageGap === 0) parts.push(t("discovery:matchFinder.reasons.sameAge"));
  else if (reasons.ageGap <= CLOSE_IN_AGE) parts.push(t("discovery:matchFinder.reasons.ageGap", { count: reasons.ageGap }));
  if (reasons.activity === "day") parts.push(t("discovery:matchFinder.reasons.activeDay"));
  else if (reasons.activity === "week") parts.push(t("discovery:matchFinder.reasons.activeWeek"));
  if (parts.length === 0) parts.push(t("discovery:matchFinder.reasons.fits"));
  return parts.slice(0, MAX_PARTS).join(" · ");
}
