/**
 * Push endpoints (ADR 026): production accepts only a push service's https URL; outside production
 * the browser tests' local push service on 127.0.0.1 is accepted too, and signed for its https form.
 */
import { describe, expect, it } from "vitest";
import { pushEndpointAllowed, signedPushEndpoint } from "~/notifications/push-endpoint";

describe("push endpoints", () => {
  it("accepts only https in production", () => {
    expect(pushEndpointAllowed("https://fcm.googleapis.com/fcm/send/abc", false)).toBe(true);
    expect(pushEndpointAllowed("http://127.0.0.1:4000/push/abc", false)).toBe(false);
    expect(pushEndpointAllowed("http://push.example.com/abc", false)).toBe(false);
    expect(signedPushEndpoint("http://127.0.0.1:4000/push/abc", false)).toBe("http://127.0.0.1:4000/push/abc");
  });

  it("accepts the local test push service outside production, and no other plain-http address", () => {
    expect(pushEndpointAllowed("http://127.0.0.1:4000/push/abc", true)).toBe(true);
    expect(pushEndpointAllowed("http://localhost:4000/push/abc", true)).toBe(false);
    expect(pushEndpointAllowed("http://127.0.0.1.evil.test:4000/push/abc", true)).toBe(false);
    expect(pushEndpointAllowed("http://10.0.0.1:4000/push/abc", true)).toBe(false);
    expect(signedPushEndpoint("http://127.0.0.1:4000/push/abc", true)).toBe("https://127.0.0.1:4000/push/abc");
    expect(signedPushEndpoint("https://fcm.googleapis.com/fcm/send/abc", true)).toBe("https://fcm.googleapis.com/fcm/send/abc");
  });
});
