import { describe, expect, it } from "vitest";
import { isDisposableEmail } from "./disposable-email.server";

describe("isDisposableEmail", () => {
  it("refuses the package's throwaway domains and their subdomains", () => {
    expect(isDisposableEmail("someone@mailinator.com")).toBe(true);
    expect(isDisposableEmail("Someone@Sub.Mailinator.com")).toBe(true);
  });

  it("accepts ordinary providers", () => {
    for (const email of ["anna@gmail.com", "jan@ziggo.nl", "tom@web.de", "ola@wp.pl", "x@example.org"])
      expect(isDisposableEmail(email)).toBe(false);
  });
});
