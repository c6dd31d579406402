import { describe, expect, it } from "vitest";
import { fakeFetch, jsonResponse, type RecordedCall } from "~/utils/fake-fetch";
import { MESSAGEBIRD_ENDPOINT, messageBirdProvider } from "./messagebird.server";
import { SmsDeliveryError, type SmsMessage } from "./provider.server";

const message: SmsMessage = {
  to: "+31612345678",
  originator: "Flirtparadijs",
  body: "Je code voor de automatische incasso van Flirtparadijs: 123456",
  reference: "sms-42",
};

type Call = RecordedCall;

const json = (body: unknown, status = 201) => jsonResponse(body, status);

describe("the MessageBird provider", () => {
  it("posts the text with the access key, the sender and the number without its plus", async () => {
    const { calls, fetch } = fakeFetch(() => json({ id: "49e40bae0b374f1ca5e3d04d46edc7c1" }));
    const result = await messageBirdProvider({ accessKey: "live_abc", fetch }).send(message);

    expect(result).toEqual({ id: "49e40bae0b374f1ca5e3d04d46edc7c1" });
    expect(calls).toHaveLength(1);
    const [{ url, init }] = calls as [Call];
    expect(url).toBe(MESSAGEBIRD_ENDPOINT);
    expect(url).toBe("https://rest.messagebird.com/messages");
    expect(init.method).toBe("POST");
    expect(init.signal).toBeInstanceOf(AbortSignal);
    const headers = new Headers(init.headers);
    expect(headers.get("Authorization")).toBe("AccessKey live_abc");
    expect(headers.get("Content-Type")).toBe("application/json");
    expect(JSON.parse(init.body as string)).toEqual({
      originator: "Flirtparadijs",
      recipients: ["31612345678"],
      body: "Je code voor de automatische incasso van Flirtparadijs: 123456",
      reference: "sms-42",
      datacoding: "auto",
    });
  });

  it("turns an error answer into an SmsDeliveryError with MessageBird's description", async () => {
    const { fetch } = fakeFetch(() =>
      json({ errors: [{ code: 9, description: "no (correct) recipients found", parameter: "recipients" }] }, 422),
    );
    const error = await messageBirdProvider({ accessKey: "k", fetch })
      .send(message)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsDeliveryError);
    expect(error).toMatchObject({ status: 422, message: "MessageBird answered 422: no (correct) recipients found (recipients)" });
  });

  it("reports a rejected key, a server error that is not JSON, and a network failure", async () => {
    const rejected = fakeFetch(() => json({ errors: [{ code: 2, description: "Request not allowed (incorrect access_key)" }] }, 401));
    await expect(messageBirdProvider({ accessKey: "wrong", fetch: rejected.fetch }).send(message)).rejects.toMatchObject({
      status: 401,
      message: expect.stringContaining("incorrect access_key"),
    });
    const down = fakeFetch(() => new Response("<html>Bad gateway</html>", { status: 502 }));
    await expect(messageBirdProvider({ accessKey: "k", fetch: down.fetch }).send(message)).rejects.toMatchObject({
      status: 502,
      message: "MessageBird answered 502: <html>Bad gateway</html>",
    });
    const offline = fakeFetch(() => Promise.reject(new TypeError("fetch failed")));
    await expect(messageBirdProvider({ accessKey: "k", fetch: offline.fetch }).send(message)).rejects.toThrow(
      new SmsDeliveryError("MessageBird could not be reached: fetch failed"),
    );
  });

  it("does not take a success without a message id", async () => {
    const { fetch } = fakeFetch(() => json({}));
    await expect(messageBirdProvider({ accessKey: "k", fetch }).send(message)).rejects.toThrow(/no id/);
  });
});
