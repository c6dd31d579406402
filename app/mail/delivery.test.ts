import { describe, expect, it } from "vitest";
import { messageOf } from "~/mail/delivery.server";
import { CRON_LEASE_SECONDS, FIRST_SEND_LEASE_SECONDS, GIVE_UP_AFTER_SECONDS, type OutboxMail } from "~/mail/outbox.server";
import { senderFor } from "~/mail/sender.server";

describe("the sender", () => {
  const site = { name: "Flirtparadijs", domain: "flirtparadijs.nl", mailName: "Flirtparadijs" };

  it("is the site's mail name at its own domain", () => {
    expect(senderFor(site, { MAIL_FROM: undefined })).toBe(`"Flirtparadijs" <noreply@flirtparadijs.nl>`);
  });

  it("uses MAIL_FROM as the address when it is set", () => {
    expect(senderFor(site, { MAIL_FROM: "mail@lovelinkmedia.nl" })).toBe(`"Flirtparadijs" <mail@lovelinkmedia.nl>`);
  });

  it("keeps quotes and line breaks out of the display name", () => {
    expect(senderFor({ ...site, mailName: 'Evil"\r\nBcc: x@y <z>' }, { MAIL_FROM: undefined })).toBe(
      `"EvilBcc: x@y z" <noreply@flirtparadijs.nl>`,
    );
    expect(senderFor({ ...site, mailName: "" }, { MAIL_FROM: undefined })).toBe(`"Flirtparadijs" <noreply@flirtparadijs.nl>`);
  });
});

describe("retries", () => {
  it("go on for a day; a claimed mail is left to its sender for longer than a send can take", () => {
    expect(GIVE_UP_AFTER_SECONDS).toBe(86400);
    // The first send runs in waitUntil (30 s at most); a cron run sends up to 20 mails of 10 s each at worst.
    expect(FIRST_SEND_LEASE_SECONDS).toBeGreaterThan(30);
    expect(CRON_LEASE_SECONDS).toBeGreaterThan(20 * 10 + 60);
  });
});

describe("the message handed to the provider", () => {
  it("is the outbox row, with a stable idempotency key and tags", () => {
    const row = {
      id: 42,
      siteId: 2,
      template: "password_reset",
      toAddress: "anna@example.test",
      subject: "Reset",
      text: "text",
      html: "<p>html</p>",
      createdAt: new Date("2026-11-21T10:00:00Z"),
    } as OutboxMail;
    expect(messageOf(row, `"Site" <noreply@site.test>`)).toEqual({
      idempotencyKey: `mail-outbox-42-${Date.parse("2026-11-21T10:00:00Z") / 1000}`,
      from: `"Site" <noreply@site.test>`,
      to: "anna@example.test",
      subject: "Reset",
      text: "text",
      html: "<p>html</p>",
      headers: {},
      tags: { template: "password_reset", site: "2" },
    });
  });
});
