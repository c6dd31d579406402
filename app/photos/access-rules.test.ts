import { describe, expect, it } from "vitest";
import { chatPhotoAccess, photoAccess, type ChatPhotoFacts, type PhotoFacts, type PhotoViewer } from "./access-rules";

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

describe("chatPhotoAccess", () => {
  const sent = (changes: Partial<ChatPhotoFacts> = {}): ChatPhotoFacts => ({
    status: "active",
    senderId: 10,
    recipientId: 20,
    siteId: 1,
    senderStatus: "active",
    blockedWithViewer: false,
    ...changes,
  });
  const recipient = member({ profileId: 20 });
  const sender = member({ profileId: 10 });

  it("shows an approved chat photo to the two members of the conversation only, never cacheable", () => {
    expect(chatPhotoAccess(sent(), recipient)).toBe("private");
    expect(chatPhotoAccess(sent(), sender)).toBe("private");
    for (const stranger of [null, member({ profileId: 21 }), member({ profileId: 21, paidUser: true })])
      expect(chatPhotoAccess(sent(), stranger)).toBeNull();
  });

  it("keeps a pending or rejected chat photo from the recipient, but not from its sender or the site's moderators", () => {
    for (const status of ["pending", "rejected"] as const) {
      expect(chatPhotoAccess(sent({ status }), recipient)).toBeNull();
      expect(chatPhotoAccess(sent({ status }), sender)).toBe("private");
      expect(chatPhotoAccess(sent({ status }), moderator)).toBe("private");
      expect(chatPhotoAccess(sent({ status }), member({ role: "moderator", siteId: 2 }))).toBeNull();
    }
  });

  it("hides it from the recipient across a block and once the sender's profile is gone", () => {
    expect(chatPhotoAccess(sent({ blockedWithViewer: true }), recipient)).toBeNull();
    expect(chatPhotoAccess(sent({ senderStatus: "deleted" }), recipient)).toBeNull();
  });
});
