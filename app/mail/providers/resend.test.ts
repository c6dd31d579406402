import { describe, expect, it, vi } from "vitest";
import { fakeFetch, jsonResponse, type RecordedCall } from "~/utils/fake-fetch";
import { MailDeliveryError, type MailMessage } from "./provider.server";
import { isPermanentStatus, RESEND_ENDPOINT, resendProvider } from "./resend.server";

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

  it("marks a refusal of the mail itself as permanent, and everything the operator or time can fix as worth a retry", async () => {
    expect([400, 404, 422, 451].filter(isPermanentStatus)).toEqual([400, 404, 422, 451]);
    expect([401, 403, 408, 409, 429, 500, 502, 503, 200].filter(isPermanentStatus)).toEqual([]);
    const invalid = fakeFetch(() => json({ statusCode: 422, name: "validation_error", message: "Invalid `to` field." }, 422));
    await expect(resendProvider({ apiKey: "k", fetch: invalid.fetch }).send(message)).rejects.toMatchObject({ permanent: true });
    const down = fakeFetch(() => new Response("unavailable", { status: 503 }));
    await expect(resendProvider({ apiKey: "k", fetch: down.fetch }).send(message)).rejects.toMatchObject({
      permanent: false,
      retryAfterSeconds: undefined,
    });
  });

  it("passes on how long Resend asks us to wait after a 429", async () => {
    const { fetch } = fakeFetch(
      () =>
        new Response(JSON.stringify({ statusCode: 429, name: "rate_limit_exceeded", message: "Too many requests" }), {
          status: 429,
          headers: { "Content-Type": "application/json", "Retry-After": "600" },
        }),
    );
    await expect(resendProvider({ apiKey: "k", fetch }).send(message)).rejects.toMatchObject({
      status: 429,
      permanent: false,
      retryAfterSeconds: 600,
    });
  });

  it("gives every call a time limit, and reports one that runs out as worth a retry", async () => {
    const { calls, fetch } = fakeFetch(() => json({ id: "x" }));
    await resendProvider({ apiKey: "k", fetch }).send(message);
    expect(calls[0]!.init.signal).toBeInstanceOf(AbortSignal);
    // Answers only when the signal gives up, as a fetch to a service that hangs does.
    const hanging = (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        const signal = init.signal!;
        if (signal.aborted) reject(signal.reason);
        else signal.addEventListener("abort", () => reject(signal.reason));
      });
    const timeout = vi
      .spyOn(AbortSignal, "timeout")
      .mockImplementation(() => AbortSignal.abort(new DOMException("timed out", "TimeoutError")));
    try {
      await expect(resendProvider({ apiKey: "k", fetch: hanging }).send(message)).rejects.toMatchObject({
        message: "Resend could not be reached: timed out",
        permanent: false,
      });
      expect(timeout).toHaveBeenCalledWith(10_000);
    } finally {
      timeout.mockRestore();
    }
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
