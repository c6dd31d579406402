import { data } from "react-router";
import { describe, expect, it } from "vitest";
import { errorDetails } from "./error-details";

/** What React Router hands an ErrorBoundary for a thrown `data(…)`. */
function thrown(body: unknown, status: number) {
  const response = data(body, { status });
  return { status, statusText: "", internal: false, data: response.data };
}

describe("the error page's status and message (spec §2)", () => {
  it("shows a thrown error's message and status", () => {
    expect(errorDetails(thrown("Dit profiel is niet meer beschikbaar", 410))).toEqual({
      status: 410,
      message: "Dit profiel is niet meer beschikbaar",
    });
    expect(errorDetails(thrown({ error: "forbidden", message: "Niet toegestaan" }, 403))).toEqual({
      status: 403,
      message: "Niet toegestaan",
    });
    expect(errorDetails(new Error("Kaboom"))).toEqual({ status: 500, message: "Kaboom" });
  });

  it("defaults to status 500 and no message (the page then says 'Error')", () => {
    expect(errorDetails(thrown(null, 404))).toEqual({ status: 404, message: null });
    expect(errorDetails(thrown({ error: "too_many_requests" }, 429))).toEqual({ status: 429, message: null });
    expect(errorDetails("a string")).toEqual({ status: 500, message: null });
    expect(errorDetails(undefined)).toEqual({ status: 500, message: null });
    // React Router's stand-in for a server error's message in production is not shown.
    expect(errorDetails(new Error("Unexpected Server Error"))).toEqual({ status: 500, message: null });
    expect(errorDetails(new Error("   "))).toEqual({ status: 500, message: null });
  });
});
