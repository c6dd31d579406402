/**
 * The notification mechanism (one-click unsubscribe), exercised on a template switched to a
 * notification: none of today's account templates is one.
 */
import { describe, expect, it, vi } from "vitest";
import { mailHeaders, messageOf } from "~/mail/delivery.server";
import type { OutboxMail } from "~/mail/outbox.server";
import { renderMail } from "~/mail/render.server";
import { testSite } from "~/sites/test-site";

vi.mock("~/mail/templates.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/mail/templates.server")>();
  return { ...original, isNotificationTemplate: (template: string) => template === "activation" };
});

const site = testSite();
const unsubscribeUrl = "https://flirtparadijs.nl/notifications/unsubscribe?token=abc&type=new_messages";
const request = (params: Record<string, string>) => ({
  template: "activation" as const,
  to: "anna@example.test",
  locale: "en",
  params: { name: "Anna", link: "https://flirtparadijs.nl/activate?token=abcdefghijklmnop", ...params },
});

describe("notification mails", () => {
  it("need an unsubscribe URL", async () => {
    await expect(renderMail(site, request({}))).rejects.toThrow(/unsubscribeUrl/);
  });

  it("carry the unsubscribe link in both parts and say why they arrive", async () => {
    const mail = await renderMail(site, request({ unsubscribeUrl }));
    expect(mail.text).toContain(`Unsubscribe from these emails: ${unsubscribeUrl}`);
    expect(mail.text).toContain("you switched on email notifications from Flirtparadijs");
    expect(mail.html).toContain(`href="${unsubscribeUrl.replace("&", "&amp;")}"`);
  });

  it("are delivered with List-Unsubscribe and one-click List-Unsubscribe-Post headers (RFC 8058)", async () => {
    const mail = await renderMail(site, request({ unsubscribeUrl }));
    expect(mailHeaders(mail.html)).toEqual({
      "List-Unsubscribe": `<${unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    const row = {
      id: 7,
      siteId: 1,
      template: "activation",
      toAddress: "anna@example.test",
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      createdAt: new Date(0),
    } as OutboxMail;
    expect(messageOf(row, "x@example.test").headers["List-Unsubscribe"]).toBe(`<${unsubscribeUrl}>`);
  });

  it("transactional mails get no such headers", () => {
    const html = "<html><head><title>x</title></head><body></body></html>";
    expect(mailHeaders(html)).toEqual({});
  });
});
