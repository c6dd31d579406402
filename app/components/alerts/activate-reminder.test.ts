import { describe, expect, it } from "vitest";
import { shouldShowActivateReminder } from "./activate-reminder";

const unconfirmed = {
  status: "not_confirmed" as const,
  profileStatus: "disabled" as const,
  hasMainPhoto: false,
  paidUser: false,
  credits: 0,
  role: "member" as const,
  signupAt: "2026-01-01T00:00:00.000Z",
  emailDisabledReason: null,
  disabledNotifications: [],
  disabledNotificationsText: null,
  notificationsDisabled: false,
  disabledNotificationsAlertDismissed: false,
  profilePhotoAlertDismissed: false,
  pushAlert: { dismissed: false, browserState: null },
};

describe("the activate reminder (product.md §2)", () => {
  it("shows for a logged-in, unconfirmed member with a disabled profile", () => {
    expect(shouldShowActivateReminder(unconfirmed, ["root", "routes/_layouts/default", "index"])).toBe(true);
  });

  it("stays hidden for visitors, confirmed members and active profiles", () => {
    expect(shouldShowActivateReminder(null, ["index"])).toBe(false);
    expect(shouldShowActivateReminder({ ...unconfirmed, status: "confirmed" }, ["index"])).toBe(false);
    expect(shouldShowActivateReminder({ ...unconfirmed, profileStatus: "active" }, ["index"])).toBe(false);
  });

  it("stays hidden on signup, settings and notifications", () => {
    for (const route of ["signup", "settings", "notifications"]) {
      expect(shouldShowActivateReminder(unconfirmed, ["root", route]), route).toBe(false);
    }
  });

  it("stays hidden while notifications are disabled", () => {
    expect(shouldShowActivateReminder({ ...unconfirmed, emailDisabledReason: "bounce", notificationsDisabled: true }, ["index"])).toBe(
      false,
    );
    const switchedOff = [{ type: "promotions" as const, channels: ["email" as const] }];
    expect(shouldShowActivateReminder({ ...unconfirmed, disabledNotifications: switchedOff, notificationsDisabled: true }, ["index"])).toBe(
      false,
    );
  });
});
