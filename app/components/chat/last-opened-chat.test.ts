import { describe, expect, it } from "vitest";
import { conversationToResume, parseLastOpenedChat } from "./last-opened-chat";

const last = { conversationId: 7, profileId: 42, at: 1_760_000_000 };

describe("the last opened chat (product.md §3 chat state)", () => {
  it("reads back what was stored and ignores anything else", () => {
    expect(parseLastOpenedChat(JSON.stringify(last))).toEqual(last);
    expect(parseLastOpenedChat(null)).toBeNull();
    expect(parseLastOpenedChat("{nonsense")).toBeNull();
    expect(parseLastOpenedChat(JSON.stringify({ ...last, conversationId: "7" }))).toBeNull();
    expect(parseLastOpenedChat(JSON.stringify({ ...last, profileId: -1 }))).toBeNull();
  });

  it("resumes it on a desktop screen while it is still listed", () => {
    expect(conversationToResume(last, [3, 7], { desktop: true, fromChat: false })).toBe(7);
  });

  it("shows the overview on a small screen, after the back link, or once the chat is gone", () => {
    expect(conversationToResume(last, [3, 7], { desktop: false, fromChat: false })).toBeNull();
    expect(conversationToResume(last, [3, 7], { desktop: true, fromChat: true })).toBeNull();
    expect(conversationToResume(last, [3], { desktop: true, fromChat: false })).toBeNull();
    expect(conversationToResume(null, [3, 7], { desktop: true, fromChat: false })).toBeNull();
  });
});
