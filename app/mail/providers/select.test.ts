import { describe, expect, it, vi } from "vitest";
import { readEnv } from "~/env.server";
import { outboxProvider } from "./outbox.server";
import { MailDeliveryError, type MailMessage } from "./provider.server";
import { mailProviderFor } from "./select.server";

/** A minimal message with this idempotency key. */
const mail = (idempotencyKey: string): MailMessage => ({
  idempotencyKey,
  from: "a@b.c",
  to: "d@e.f",
  subject: "s",
  text: "t",
  html: "h",
  headers: {},
  tags: {},
});

const env = (vars: Record<string, string>) => readEnv({ DATABASE_URL: "http://127.0.0.1:8080", ...vars } as unknown as Env);

describe("mail configuration", () => {
  it("keeps mail in the outbox outside production, and delivers through Resend in production", () => {
    expect(env({ APP_ENV: "development" }).MAIL_PROVIDER).toBe("outbox");
    expect(env({ APP_ENV: "test", MAIL_PROVIDER: "" }).MAIL_PROVIDER).toBe("outbox");
    expect(env({ APP_ENV: "production" }).MAIL_PROVIDER).toBe("resend");
    expect(env({ APP_ENV: "development", MAIL_PROVIDER: "resend", MAIL_API_KEY: "re_1" }).MAIL_PROVIDER).toBe("resend");
  });

  it("validates the provider and the sender address", () => {
    expect(() => env({ APP_ENV: "production", MAIL_PROVIDER: "smtp" })).toThrow(/MAIL_PROVIDER/);
    expect(() => env({ APP_ENV: "production", MAIL_FROM: "not an address" })).toThrow(/MAIL_FROM/);
    expect(env({ APP_ENV: "production", MAIL_FROM: "" }).MAIL_FROM).toBeUndefined();
    expect(env({ APP_ENV: "production", MAIL_FROM: "mail@lovelinkmedia.nl" }).MAIL_FROM).toBe("mail@lovelinkmedia.nl");
  });
});

describe("mailProviderFor", () => {
  it("picks the outbox provider", () => {
    expect(mailProviderFor(env({ APP_ENV: "development" }))).toBe(outboxProvider);
  });

  it("picks Resend when configured", () => {
    expect(mailProviderFor(env({ APP_ENV: "production", MAIL_API_KEY: "re_1" })).name).toBe("resend");
  });

  it("in production without an API key, fails each send (for the outbox to record) instead of failing the request", async () => {
    const provider = mailProviderFor(env({ APP_ENV: "production" }));
    const sending = provider.send(mail("k"));
    await expect(sending).rejects.toBeInstanceOf(MailDeliveryError);
    await expect(sending).rejects.toThrow(/MAIL_API_KEY is not set/);
  });

  it("the outbox provider only acknowledges", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    await expect(outboxProvider.send(mail("mail-outbox-1-2"))).resolves.toEqual({
      id: "outbox:mail-outbox-1-2",
    });
    info.mockRestore();
  });
});
