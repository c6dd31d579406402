import { describe, expect, it } from "vitest";
import { fakeFetch, jsonResponse, type RecordedCall } from "~/utils/fake-fetch";
import { MailDeliveryError, type MailMessage } from "./provider.server";
import { RESEND_ENDPOINT, resendProvider } from "./resend.server";

const message: MailMessage = {
  idempotencyKey: "mail-outbox-42-1795000000",
  from: `"Flirtparadijs" <noreply@flirtparadijs.nl>`,
  to: "anna@example.test",
  subject: "Bevestig je e-mailadres",
  text: "Hoi Anna",
  html: "<p>Hoi Anna</p>",
  headers: {},
  tags: { template: "activation", site: "1" },
};

type Call = RecordedCall;

const json = (body: unknown, status = 200) => jsonResponse(body, status);

describe("the Resend provider", () => {
  it("posts the message as JSON with the API key, a User-Agent and the idempotency key", async () => {
    const { calls, fetch } = fakeFetch(() => json({ id: "49a3999c-0ce1-4ea6-ab68-afcd6dc2e794" }));
    const result = await resendProvider({ apiKey: "re_test_123", fetch }).send(message);

    expect(result).toEqual({ id: "49a3999c-0ce1-4ea6-ab68-afcd6dc2e794" });
    expect(calls).toHaveLength(1);
    const [{ url, init }] = calls as [Call];
    expect(url).toBe(RESEND_ENDPOINT);
    expect(url).toBe("https://api.resend.com/emails");
    expect(init.method).toBe("POST");
    expect(init.signal).toBeInstanceOf(AbortSignal);
    const headers = new Headers(init.headers);
    expect(headers.get("Authorization")).toBe("Bearer re_test_123");
    expect(headers.get("Content-Type")).toBe("application/json");
    expect(headers.get("Idempotency-Key")).toBe("mail-outbox-42-1795000000");
    expect(headers.get("User-Agent")).toMatch(/\S/);
    expect(JSON.parse(init.body as string)).toEqual({
      from: `"Flirtparadijs" <noreply@flirtparadijs.nl>`,
      to: ["anna@example.test"],
      subject: "Bevestig je e-mailadres",
      text: "Hoi Anna",
      html: "<p>Hoi Anna</p>",
      tags: [
        { name: "template", value: "activation" },
        { name: "site", value: "1" },
      ],
    });
  });

  it("passes extra headers (List-Unsubscribe) and keeps tag values to the allowed characters", async () => {
    const { calls, fetch } = fakeFetch(() => json({ id: "x" }));
    await resendProvider({ apiKey: "k", fetch }).send({
      ...message,
      headers: { "List-Unsubscribe": "<https://site.test/u?t=1>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      tags: { template: "new message!" },
    });
    const body = JSON.parse(calls[0]!.init.body as string);
    expect(body.headers).toEqual({
      "List-Unsubscribe": "<https://site.test/u?t=1>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(body.tags).toEqual([{ name: "template", value: "new_message_" }]);
  });

  it("turns an error answer into a MailDeliveryError with Resend's status and message", async () => {
    const { fetch } = fakeFetch(() => json({ statusCode: 422, name: "validation_error", message: "Invalid `to` field." }, 422));
    const error = await resendProvider({ apiKey: "k", fetch })
      .send(message)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailDeliveryError);
    expect(error).toMatchObject({ status: 422, message: "Resend answered 422: validation_error: Invalid `to` field." });
  });

  it("reports a rejected API key and a server error that is not JSON", async () => {
    const rejected = fakeFetch(() => json({ statusCode: 403, name: "invalid_api_key", message: "API key is invalid" }, 403));
    await expect(resendProvider({ apiKey: "wrong", fetch: rejected.fetch }).send(message)).rejects.toMatchObject({
      status: 403,
      message: expect.stringContaining("invalid_api_key"),
    });
    const down = fakeFetch(() => new Response("<html>Bad gateway</html>", { status: 502 }));
    await expect(resendProvider({ apiKey: "k", fetch: down.fetch }).send(message)).rejects.toMatchObject({
      status: 502,
      message: "Resend answered 502: <html>Bad gateway</html>",
    });
  });

  it("reports a network failure or timeout", async () => {
    const { fetch } = fakeFetch(() => Promise.reject(new TypeError("fetch failed")));
    await expect(resendProvider({ apiKey: "k", fetch }).send(message)).rejects.toThrow(
      new MailDeliveryError("Resend could not be reached: fetch failed"),
    );
  });

  it("does not take a success without a message id", async () => {
    const { fetch } = fakeFetch(() => json({}));
    await expect(resendProvider({ apiKey: "k", fetch }).send(message)).rejects.toThrow(/no id/);
  });
});
