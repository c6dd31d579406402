/**
 * When the activate reminder shows (product.md §2 "Activate reminder"): logged in, the user
 * not_confirmed, the profile disabled and no notifications disabled (neither e-mail stopped by a
 * bounce or complaint nor a type switched off) — such a member gets the disabled-notifications
 * alert instead, so the two never show together.
 * Hidden on signup, settings and notifications, and on the activation pages themselves.
 */
import type { RootData } from "~/root";

export const ACTIVATE_REMINDER_HIDDEN_ON = ["signup", "settings", "notifications", "activate", "activate-error"];

/** product.md §2/§9: a smartphone — below the 576 px breakpoint, with a touch screen. */
export const SMARTPHONE_QUERY = "(max-width: 575.98px) and (pointer: coarse)";

type Account = NonNullable<RootData["account"]>;

export function shouldShowActivateReminder(account: Account | null | undefined, routeIds: readonly string[]): boolean {
  if (account?.status !== "not_confirmed" || account.profileStatus !== "disabled" || account.notificationsDisabled) return false;
  return !routeIds.some((id) => ACTIVATE_REMINDER_HIDDEN_ON.includes(id));
}
