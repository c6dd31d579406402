import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { preferenceField } from "./notification-channels";
import { DELETE_REASONS, deleteAccountSchema, emailChangeSchema, passwordChangeSchema } from "./settings-schema";

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

function errorsOf(schema: Parameters<typeof parseWithZod>[1]["schema"], values: Record<string, string>) {
  const submission = parseWithZod(form(values), { schema });
  return submission.status === "error" ? submission.error : null;
}

describe("settings forms", () => {
  it("answers an invalid new address with the spec's 'new e-mail invalid' message", () => {
    expect(errorsOf(emailChangeSchema, { intent: "email", newEmail: "nope" })).toEqual({ newEmail: ["messages.newEmailInvalid"] });
    expect(errorsOf(emailChangeSchema, { intent: "email" })).toEqual({ newEmail: ["messages.newEmailInvalid"] });
    expect(errorsOf(emailChangeSchema, { intent: "email", newEmail: "new@example.test" })).toBeNull();
  });

  it("asks for 8 to 256 characters and an identical repeat", () => {
    const base = { intent: "password", currentPassword: "old password" };
    expect(errorsOf(passwordChangeSchema, { ...base, newPassword: "short", confirmPassword: "short" })).toEqual({
      newPassword: ["settings:password.tooShort"],
    });
    expect(errorsOf(passwordChangeSchema, { ...base, newPassword: "x".repeat(257), confirmPassword: "x".repeat(257) })).toEqual({
      newPassword: ["settings:password.tooLong"],
    });
    expect(errorsOf(passwordChangeSchema, { ...base, newPassword: "long enough", confirmPassword: "long enough!" })).toEqual({
      confirmPassword: ["messages.passwordsDiffer"],
    });
    expect(errorsOf(passwordChangeSchema, { ...base, newPassword: "long enough", confirmPassword: "long enough" })).toBeNull();
  });

  it("takes the spec's delete reasons only, with remarks up to 1000 characters", () => {
    expect(DELETE_REASONS).toEqual(["price", "found_someone", "not_looking", "site_problems", "no_members", "time", "other"]);
    expect(errorsOf(deleteAccountSchema, { intent: "delete", reason: "bored" })).toEqual({ reason: ["settings:delete.reasonRequired"] });
    expect(errorsOf(deleteAccountSchema, { intent: "delete", reason: "time", remarks: "x".repeat(1001) })).toEqual({
      remarks: ["settings:delete.remarksTooLong"],
    });
    expect(errorsOf(deleteAccountSchema, { intent: "delete", reason: "time", remarks: "x".repeat(1000) })).toBeNull();
  });

  it("names the notification checkboxes by channel and type", () => {
    expect(preferenceField("new_messages", "email")).toBe("email.new_messages");
  });
});
