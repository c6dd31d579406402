import { describe, expect, it } from "vitest";
import { z } from "zod";
import { readInput } from "./forms.server";

const post = (body: BodyInit, contentType?: string) =>
  new Request("https://flirt.example/anything", { method: "POST", body, headers: contentType ? { "Content-Type": contentType } : {} });
const form = (fields: Record<string, string>) => post(new URLSearchParams(fields));

/** What the page's action throws for a body it cannot read (React Router's `data(…)`). */
async function thrownBy(reading: Promise<unknown>) {
  const thrown = await reading.then(
    () => null,
    (error: unknown) => error as { data: unknown; init: ResponseInit | null },
  );
  return thrown && { data: thrown.data, status: thrown.init?.status };
}

const nameForm = z.object({ name: z.string().min(2) });

describe("readInput", () => {
  it("reads a page's form", async () => {
    const formData = await readInput(form({ name: "Anna" }));
    expect(formData.get("name")).toBe("Anna");
  });

  it("answers a page's unreadable body with a 400, never a 500", async () => {
    const unreadable = [
      () => post('{"name":"Anna"}', "application/json"),
      () => post("plain text", "text/plain"),
      () => post("--x\r\nbroken", "multipart/form-data; boundary=x"),
    ];
    for (const request of unreadable) {
      expect(await thrownBy(readInput(request()))).toEqual({ data: { error: "invalid_form" }, status: 400 });
      expect(await thrownBy(readInput(request(), nameForm))).toEqual({ data: { error: "invalid_form" }, status: 400 });
    }
  });

  it("parses a page's form with its schema: Conform's submission carries the field errors", async () => {
    const valid = await readInput(form({ name: "Anna" }), nameForm);
    expect(valid.submission.status).toBe("success");
    expect(valid.submission.status === "success" && valid.submission.value).toEqual({ name: "Anna" });
    const invalid = await readInput(form({ name: "A" }), nameForm);
    expect(invalid.submission.status).toBe("error");
    expect(invalid.submission.reply().error).toHaveProperty("name");
    expect(invalid.formData.get("name")).toBe("A");
  });

  it("reads a JSON call's input from JSON or from a form posted without JavaScript", async () => {
    expect(await readInput(post('{"name":"Anna"}', "application/json"), nameForm, { from: "values" })).toEqual({
      success: true,
      data: { name: "Anna" },
    });
    expect(await readInput(form({ name: "Anna" }), nameForm, { from: "values" })).toEqual({ success: true, data: { name: "Anna" } });
  });

  it("fails a JSON call's unreadable or wrong body alike, so the call answers its own 400", async () => {
    for (const request of [
      post("{broken", "application/json"),
      post("--x\r\nbroken", "multipart/form-data; boundary=x"),
      form({ name: "A" }),
    ]) {
      expect(await readInput(request, nameForm, { from: "values" })).toEqual({ success: false, tooLarge: false });
    }
  });

  it("does not read a JSON call's body past its limit", async () => {
    const big = post(JSON.stringify({ name: "A".repeat(5000) }), "application/json");
    expect(await readInput(big, nameForm, { from: "values", maxBytes: 4096 })).toEqual({ success: false, tooLarge: true });
    const small = post('{"name":"Anna"}', "application/json");
    expect(await readInput(small, nameForm, { from: "values", maxBytes: 4096 })).toEqual({ success: true, data: { name: "Anna" } });
  });
});
