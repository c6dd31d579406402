/**
 * Push endpoints (ADR 026, ADR 039): only the push services' own hosts, over https on the default
 * port and without credentials; outside production also the browser tests' local push service on
 * 127.0.0.1, signed for its https form.
 */
import { describe, expect, it } from "vitest";
import { isPushServiceHost, pushEndpointAllowed, signedPushEndpoint } from "~/notifications/push-endpoint";

const production = false;
const development = true;

describe("push endpoints", () => {
  it("accepts the endpoints browsers get from the known push services", () => {
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/cX1-abc:APA91bH",
      "https://android.googleapis.com/gcm/send/abc",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk",
      "https://web.push.apple.com/QGc8ZxT",
      "https://api.push.apple.com/3/device/abc",
      "https://wns2-db5p.notify.windows.com/w/?token=BQYAAAB",
    ]) {
      expect(pushEndpointAllowed(endpoint, production), endpoint).toBe(true);
      expect(pushEndpointAllowed(endpoint, development), endpoint).toBe(true);
    }
  });

  it("refuses addresses inside the network, metadata services and other hosts", () => {
    for (const endpoint of [
      "https://169.254.169.254/latest/meta-data/",
      "https://metadata.google.internal/computeMetadata/v1/",
      "https://127.0.0.1/push",
      "https://[::1]/push",
      "https://10.0.0.1/push",
      "https://localhost/push",
      "https://push.example.com/abc",
      "https://push.test/send/abc",
      "https://googleapis.com/fcm/send/abc",
      "https://evil-fcm.googleapis.com.attacker.test/fcm/send/abc",
      "https://fcm.googleapis.com.attacker.test/fcm/send/abc",
      "https://fcm.googleapis.com./fcm/send/abc",
      "https://push.apple.com/abc",
      "https://evilpush.apple.com/abc",
      "https://notify.windows.com/abc",
      "https://push.services.mozilla.com/abc",
      "https://attacker.test/?https://fcm.googleapis.com/",
      "https://attacker.test\\@fcm.googleapis.com/",
    ]) {
      expect(pushEndpointAllowed(endpoint, production), endpoint).toBe(false);
      expect(pushEndpointAllowed(endpoint, development), endpoint).toBe(false);
    }
  });

  it("refuses plain http, ports, credentials and what is not a URL", () => {
    for (const endpoint of [
      "http://fcm.googleapis.com/fcm/send/abc",
      "https://fcm.googleapis.com:8443/fcm/send/abc",
      "https://fcm.googleapis.com:443/fcm/send/abc",
      "https://user:secret@fcm.googleapis.com/fcm/send/abc",
      "https://user@fcm.googleapis.com/fcm/send/abc",
      "https://fcm.googleapis.com@169.254.169.254/latest",
      "ftp://fcm.googleapis.com/abc",
      "javascript:alert(1)",
      "fcm.googleapis.com/fcm/send/abc",
      "",
      "not a url",
    ]) {
      expect(pushEndpointAllowed(endpoint, production), endpoint).toBe(false);
      expect(pushEndpointAllowed(endpoint, development), endpoint).toBe(false);
    }
  });

  it("tells push services' hosts from look-alikes", () => {
    expect(isPushServiceHost("fcm.googleapis.com")).toBe(true);
    expect(isPushServiceHost("db5.notify.windows.com")).toBe(true);
    expect(isPushServiceHost("notify.windows.com")).toBe(false);
    expect(isPushServiceHost(".push.apple.com")).toBe(false);
    expect(isPushServiceHost("www.googleapis.com")).toBe(false);
  });

  it("accepts the local test push service only outside production, and no other plain-http address", () => {
    expect(pushEndpointAllowed("http://127.0.0.1:4000/push/abc", production)).toBe(false);
    expect(pushEndpointAllowed("http://127.0.0.1:4000/push/abc", development)).toBe(true);
    expect(pushEndpointAllowed("http://localhost:4000/push/abc", development)).toBe(false);
    expect(pushEndpointAllowed("http://127.0.0.1.evil.test:4000/push/abc", development)).toBe(false);
    expect(pushEndpointAllowed("http://127.0.0.1:4000@evil.test/push/abc", development)).toBe(false);
    expect(pushEndpointAllowed("http://10.0.0.1:4000/push/abc", development)).toBe(false);
    expect(pushEndpointAllowed("http://push.example.com/abc", development)).toBe(false);
  });

  it("signs the local test push service's endpoint for its https form, outside production only", () => {
    expect(signedPushEndpoint("http://127.0.0.1:4000/push/abc", development)).toBe("https://127.0.0.1:4000/push/abc");
    expect(signedPushEndpoint("http://127.0.0.1:4000/push/abc", production)).toBe("http://127.0.0.1:4000/push/abc");
    expect(signedPushEndpoint("https://fcm.googleapis.com/fcm/send/abc", development)).toBe("https://fcm.googleapis.com/fcm/send/abc");
  });
});
