import { describe, expect, it } from "vitest";
import { supportedLanguages } from "~/i18n/languages";
import { renderMail, type MailRequest } from "~/mail/render.server";
import { isNotificationTemplate, mailTemplateNames, type MailTemplate } from "~/mail/templates.server";
import { testSite } from "~/sites/test-site";

const site = testSite();
const link = "https://flirtparadijs.nl/activate?token=abcdefghijklmnop&from=mail";

const request = (template: MailTemplate, locale: string, params: Partial<MailRequest["params"]> = {}): MailRequest => ({
  template,
  to: "anna@example.test",
  locale,
  // `sender` and the unsubscribe link are what the notification templates add to every mail's params.
  // `code` and `reason`: what the console's mails (admin_code, the ban and unban notices) are sent with.
  params: {
    name: "Anna",
    link,
    sender: "Bram",
    unsubscribeUrl: "https://flirtparadijs.nl/notifications/unsubscribe?token=abc",
    code: "428193",
    reason: "Fake profile",
    ...params,
  },
});

describe("renderMail", () => {
  describe.each(supportedLanguages)("in %s", (language) => {
    it.each(mailTemplateNames)("renders %s completely", async (template) => {
      const mail = await renderMail(site, request(template, language));
      expect(mail.language).toBe(language);
      for (const part of [mail.subject, mail.preheader, mail.text, mail.html]) {
        expect(part.trim()).not.toBe("");
        expect(part).not.toMatch(/\{\{|\}\}|undefined|NaN|\[object /);
        // a missing key would show its own path, e.g. "activation.action"
        expect(part).not.toMatch(new RegExp(`\\b(${template}|footer|units|devOutbox)\\.[a-z]`, "i"));
      }
      expect(mail.html).toContain(`<html lang="${language}"`);
      expect(mail.html).toContain(`<title>${mail.subject}</title>`);
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(`href="${link.replace("&", "&amp;")}"`);
      expect(mail.text).toContain("Anna");
      expect(mail.text).toContain(site.name);
      expect(mail.text).toContain(site.company.name);
      expect(mail.text).toContain(site.settings.supportEmail);
      expect(mail.html).toContain(`href="mailto:${site.settings.supportEmail}"`);
    });

    it("names the free credits, the link's validity and the recovery period", async () => {
      expect((await renderMail(site, request("activation", language))).text).toContain(String(site.settings.signupCredits));
      expect((await renderMail(site, request("password_reset", language))).text).toContain("60");
      expect((await renderMail(site, request("account_deleted", language))).text).toContain(String(site.settings.deletionGraceDays));
    });
  });

  it("takes amounts from the params, in the language's plural forms", async () => {
    expect((await renderMail(site, request("account_deleted", "nl", { days: 1 }))).text).toContain("nog 1 dag terugzetten");
    expect((await renderMail(site, request("account_deleted", "nl", { days: 3 }))).text).toContain("nog 3 dagen terugzetten");
    expect((await renderMail(site, request("activation", "pl", { credits: 2 }))).text).toContain("2 darmowe kredyty");
    expect((await renderMail(site, request("activation", "pl", { credits: 30 }))).text).toContain("30 darmowych kredytów");
    expect((await renderMail(site, request("activation", "en", { credits: 1 }))).text).toContain("1 free credit as soon");
  });

  it("sends one ban mail: the operator's reason as its own paragraph when given, the appeal always", async () => {
    for (const language of supportedLanguages) {
      const operator = await renderMail(site, request("account_banned", language, { reason: "Fake profile" }));
      const moderator = await renderMail(site, request("account_banned", language, { reason: "" }));
      expect(operator.text).toContain("Fake profile");
      expect(moderator.text).not.toContain("{{reason}}");
      // The reason is one paragraph more, after what happened and before how to appeal.
      const paragraphs = (mail: { html: string }) => mail.html.match(/<p[\s>]/g)?.length ?? 0;
      expect(paragraphs(operator), language).toBe(paragraphs(moderator) + 1);
      expect(operator.text.indexOf("Fake profile")).toBeLessThan(operator.text.indexOf(site.settings.supportEmail));
    }
    expect((await renderMail(site, request("account_banned", "nl", { reason: "Nepprofiel" }))).text).toContain("Reden: Nepprofiel");
  });

  it("uses the site's name and company, and the address's country in the mail's language", async () => {
    const german = await renderMail(testSite("de-milf"), request("activation", "de"));
    expect(german.subject).toBe("Bestätige deine E-Mail-Adresse bei Reife Liebe");
    expect(german.text).toContain("Herengracht 420, 1017 BZ Amsterdam, Niederlande");
  });

  it("falls back to Dutch for an unknown locale", async () => {
    const mail = await renderMail(site, request("activation", "xx"));
    expect(mail.language).toBe("nl");
    expect(mail.subject).toBe("Bevestig je e-mailadres bij Flirtparadijs");
  });

  it("escapes member input in the HTML part and leaves the text part as typed", async () => {
    const name = `<script>alert("hi")</script> & <b>Bo</b>`;
    const mail = await renderMail(
      site,
      request("password_reset", "en", { name, link: `https://flirtparadijs.nl/reset?token=a"><img src=x onerror=alert(1)>` }),
    );
    expect(mail.html).not.toContain("<script");
    expect(mail.html).not.toContain("<b>");
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt; &amp; &lt;b&gt;Bo&lt;/b&gt;");
    expect(mail.text).toContain(`Hi ${name},`);
  });

  it("refuses a link that is not an absolute http(s) URL", async () => {
    await expect(renderMail(site, request("activation", "en", { link: "javascript:alert(1)" }))).rejects.toThrow(/absolute http/);
    await expect(renderMail(site, request("activation", "en", { link: "/activate?token=x" }))).rejects.toThrow(/absolute http/);
  });

  it("has no unsubscribe link in account mails (they are transactional), and one in every notification", async () => {
    for (const template of mailTemplateNames) {
      const mail = await renderMail(site, request(template, "en"));
      if (isNotificationTemplate(template)) {
        expect(mail.text, template).toContain(
          "Unsubscribe from these emails: https://flirtparadijs.nl/notifications/unsubscribe?token=abc",
        );
        continue;
      }
      expect(mail.html).not.toContain("x-list-unsubscribe");
      expect(mail.text).not.toMatch(/unsubscribe/i);
    }
  });
});
