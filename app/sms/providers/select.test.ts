import { describe, expect, it, vi } from "vitest";
import { readEnv } from "~/env.server";
import { originatorFor } from "../sms.server";
import { outboxSmsProvider } from "./outbox.server";
import { SmsDeliveryError } from "./provider.server";
import { smsProviderFor } from "./select.server";

const env = (vars: Record<string, string>) => readEnv({ DATABASE_URL: "http://127.0.0.1:8080", ...vars } as unknown as Env);
const text = { to: "+31612345678", originator: "Site", body: "b", reference: "sms-1" };

describe("SMS configuration", () => {
  it("records texts outside production and delivers through MessageBird in production", () => {
    expect(env({ APP_ENV: "development" }).SMS_PROVIDER).toBe("outbox");
    expect(env({ APP_ENV: "test", SMS_PROVIDER: "" }).SMS_PROVIDER).toBe("outbox");
    expect(env({ APP_ENV: "production" }).SMS_PROVIDER).toBe("messagebird");
    expect(env({ APP_ENV: "production", SMS_PROVIDER: "outbox" }).SMS_PROVIDER).toBe("outbox");
  });

  it("validates the provider and the sender", () => {
    expect(() => env({ APP_ENV: "production", SMS_PROVIDER: "twilio" })).toThrow(/SMS_PROVIDER/);
    expect(() => env({ APP_ENV: "production", SMS_ORIGINATOR: "Far too long a name" })).toThrow(/SMS_ORIGINATOR/);
    expect(env({ APP_ENV: "production", SMS_ORIGINATOR: "Flirt" }).SMS_ORIGINATOR).toBe("Flirt");
    expect(env({ APP_ENV: "production", SMS_ORIGINATOR: "" }).SMS_ORIGINATOR).toBeUndefined();
  });

  it("sends as the configured sender, else as the site's name cut to 11 letters and digits", () => {
    expect(originatorFor("Flirt", "Flirtparadijs")).toBe("Flirt");
    expect(originatorFor(undefined, "Flirtparadijs")).toBe("Flirtparadi");
    expect(originatorFor(undefined, "Reife Liebe")).toBe("Reife Liebe");
    expect(originatorFor(undefined, "Gay-Chat.co.uk")).toBe("GayChatcouk");
    expect(originatorFor(undefined, "Süße Träume")).toBe("Susse Traum");
    expect(originatorFor(undefined, "♥♥♥")).toBe("Info");
  });
});

describe("smsProviderFor", () => {
  it("picks the outbox provider, or MessageBird when configured", () => {
    expect(smsProviderFor(env({ APP_ENV: "development" }))).toBe(outboxSmsProvider);
    expect(smsProviderFor(env({ APP_ENV: "production", SMS_API_KEY: "live_1" })).name).toBe("messagebird");
  });

  it("in production without an access key, fails each send instead of failing the request", async () => {
    const sending = smsProviderFor(env({ APP_ENV: "production" })).send(text);
    await expect(sending).rejects.toBeInstanceOf(SmsDeliveryError);
    await expect(sending).rejects.toThrow(/SMS_API_KEY is not set/);
  });

  it("the outbox provider only acknowledges", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    await expect(outboxSmsProvider.send(text)).resolves.toEqual({ id: "outbox:sms-1" });
    info.mockRestore();
  });
});
