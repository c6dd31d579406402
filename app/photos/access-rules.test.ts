import { describe, expect, it } from "vitest";
import { photoAccess, type PhotoFacts, type PhotoViewer } from "./access-rules";

const photo = (changes: Partial<PhotoFacts> = {}): PhotoFacts => ({
  status: "active",
  private: false,
  profileId: 10,
  profileSiteId: 1,
  profileStatus: "active",
  blockedWithViewer: false,
  ...changes,
});

const member = (changes: Partial<NonNullable<PhotoViewer>> = {}): PhotoViewer => ({
  siteId: 1,
  profileId: 20,
  role: "member",
  paidUser: false,
  ...changes,
});
const owner = member({ profileId: 10 });
const premium = member({ paidUser: true });
const moderator = member({ role: "moderator", profileId: 30 });

describe("photoAccess", () => {
  it("shows an approved public photo to everyone, cacheable", () => {
    for (const viewer of [null, member(), premium, owner, moderator]) expect(photoAccess(photo(), viewer)).toBe("public");
  });

  it("shows an approved private photo to premium members of the site and the owner only", () => {
    const locked = photo({ private: true });
    expect(photoAccess(locked, null)).toBeNull();
    expect(photoAccess(locked, member())).toBeNull();
    expect(photoAccess(locked, premium)).toBe("private");
    expect(photoAccess(locked, member({ paidUser: true, siteId: 2 }))).toBeNull();
    expect(photoAccess(locked, owner)).toBe("private");
    expect(photoAccess(locked, moderator)).toBe("private");
  });

  it("never shows a private photo to a premium member of a blocked pair", () => {
    const locked = photo({ private: true, blockedWithViewer: true });
    expect(photoAccess(locked, premium)).toBeNull();
    expect(photoAccess(photo({ blockedWithViewer: true }), premium)).toBe("public");
  });

  it("shows pending and rejected photos to the owner and the site's moderators only", () => {
    for (const status of ["pending", "rejected"] as const) {
      const unreviewed = photo({ status });
      expect(photoAccess(unreviewed, null)).toBeNull();
      expect(photoAccess(unreviewed, member())).toBeNull();
      expect(photoAccess(unreviewed, premium)).toBeNull();
      expect(photoAccess(unreviewed, owner)).toBe("private");
      expect(photoAccess(unreviewed, moderator)).toBe("private");
      expect(photoAccess(unreviewed, member({ role: "moderator", siteId: 2 }))).toBeNull();
    }
  });

  it("hides the photos of a deleted or disabled profile from everyone but the owner and moderators", () => {
    for (const profileStatus of ["deleted", "disabled"] as const) {
      expect(photoAccess(photo({ profileStatus }), null)).toBeNull();
      expect(photoAccess(photo({ profileStatus, private: true }), premium)).toBeNull();
      expect(photoAccess(photo({ profileStatus }), owner)).toBe("private");
      expect(photoAccess(photo({ profileStatus }), moderator)).toBe("private");
    }
  });

  it("answers nothing for an unknown photo", () => {
    expect(photoAccess(null, owner)).toBeNull();
  });
});
