import { describe, expect, it } from "vitest";
import { pushMessageOf } from "./push-messages";

describe("a push the service worker reports to the page", () => {
  it("is read from the worker's envelope", () => {
    expect(
      pushMessageOf({
        type: "push",
        message: { title: "Flirtparadijs", body: "Bram is een gesprek met je begonnen", url: "/chats/4", tag: "chat-4", count: 2 },
      }),
    ).toEqual({
      title: "Flirtparadijs",
      body: "Bram is een gesprek met je begonnen",
      url: "/chats/4",
      tag: "chat-4",
      count: 2,
    });
  });

  it("ignores other messages and cleans odd fields", () => {
    expect(pushMessageOf(null)).toBeNull();
    expect(pushMessageOf({ type: "other", message: {} })).toBeNull();
    expect(pushMessageOf({ type: "push", message: { count: "-3", url: 5 } })).toEqual({
      title: "",
      body: "",
      url: "/",
      tag: null,
      count: 0,
    });
  });
});
