/**
 * Photos through the real routes: uploads to `/api/photos.php` (what is refused, what is stored,
 * the limit), the actions on one's own photos, and who may read a photo at `/photos/<key>`.
 */
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { OwnPhoto } from "~/photos/photo-api";
import { createMember, loginCookie, type TestMember } from "./factories";
import { get, sql } from "./helpers";
import {
  HTML_TRAILER,
  SECRET_DESCRIPTION,
  ZIP_TRAILER,
  ascii,
  concat,
  contains,
  exifSegment,
  ftypBox,
  jpegSegmentMarkers,
  noise,
  spliceAfterSoi,
  withJpegFrameSize,
} from "./image-fixtures";
import { makeModerator, photoAction, setPhotoState, testJpeg, upload, uploadOk } from "./photo-helpers";

type Signed = TestMember & { cookie: string };

async function signedIn(options: Parameters<typeof createMember>[0] = {}): Promise<Signed> {
  const member = await createMember(options);
  return { ...member, cookie: await loginCookie(member) };
}

async function refusal(response: Response) {
  return { status: response.status, ...((await response.json()) as { error: string; message: string }) };
}

async function photoCount(profileId: number) {
  const [[count]] = (await sql("SELECT count(*) FROM photos WHERE profile_id = ?", [profileId])) as [[string]];
  return Number(count);
}

function expectCleanJpeg(bytes: Uint8Array) {
  expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  expect(jpegSegmentMarkers(bytes)).not.toContain(0xe1); // no APP1 (EXIF)
  expect(contains(bytes, "Exif")).toBe(false);
  expect(contains(bytes, SECRET_DESCRIPTION)).toBe(false);
  expect(contains(bytes, new Uint8Array([52, 0, 0, 0, 1, 0, 0, 0, 22, 0, 0, 0]))).toBe(false); // the GPS latitude rationals
  expect(contains(bytes, "<script")).toBe(false);
  expect([...bytes.subarray(-2)]).toEqual([0xff, 0xd9]);
}

describe("uploading a photo", () => {
  it("stores a phone photo with GPS EXIF as a clean, pending JPEG that the owner can read back", async () => {
    const owner = await signedIn();
    const original = spliceAfterSoi(await testJpeg(640, 480), exifSegment(6));
    expect(contains(original, SECRET_DESCRIPTION)).toBe(true);

    const response = await upload(original, { cookie: owner.cookie, filename: "IMG_0001.JPG" });
    expect(response.status).toBe(201);
    const { photo } = (await response.json()) as { photo: OwnPhoto };
    expect(photo).toMatchObject({ status: "pending", private: false, isMain: true, rejectionReason: null });
    expect(photo.url).toMatch(/^\/photos\/[0-9a-f]{32}\.jpg$/);
    expect(photo.thumbUrl).toMatch(/^\/photos\/[0-9a-f]{32}_thumb\.jpg$/);
    expect(photo.thumbUrl.slice(8, 40)).not.toBe(photo.url.slice(8, 40)); // independent random keys

    for (const path of [photo.url, photo.thumbUrl]) {
      const served = await get(path, { cookie: owner.cookie });
      expect(served.status).toBe(200);
      expect(served.headers.get("Content-Type")).toBe("image/jpeg");
      expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(served.headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");
      expect(served.headers.get("Cache-Control")).toMatch(/^private/);
      expectCleanJpeg(new Uint8Array(await served.arrayBuffer()));
    }
    // Turned upright for orientation 6: 640×480 stored sideways becomes 480×640 (shrunk no further).
    const [[width, height, status, mainId]] = (await sql(
      "SELECT width, height, photos.status, main_photo_id FROM photos JOIN profiles ON profiles.id = photos.profile_id WHERE photos.id = ?",
      [photo.id],
    )) as [[string, string, string, string]];
    expect([Number(width), Number(height), status, Number(mainId)]).toEqual([480, 640, "pending", photo.id]);
    // Nobody else sees a pending photo yet.
    expect((await get(photo.url)).status).toBe(404);
  });

  it("keeps only the pixels of a polyglot: a JPEG with a ZIP or HTML appended", async () => {
    const owner = await signedIn({ paidUser: true });
    for (const trailer of [ZIP_TRAILER, HTML_TRAILER]) {
      const photo = await uploadOk(owner, concat(await testJpeg(), trailer));
      const served = new Uint8Array(await (await get(photo.url, { cookie: owner.cookie })).arrayBuffer());
      expectCleanJpeg(served);
      expect(contains(served, new Uint8Array([0x50, 0x4b, 0x03, 0x04]))).toBe(false);
    }
  });

  it("refuses what is not a photo it can take, with a translated reason and never a 500", async () => {
    const owner = await signedIn();
    const svg = ascii(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="500" height="500"><script>alert(1)</script></svg>',
    );
    const html = ascii("<!DOCTYPE html><html><body><img src=x onerror=alert(1)></body></html>");
    const cases: [string, Uint8Array, { filename?: string; type?: string }, number, string, RegExp][] = [
      ["SVG with script", svg, { filename: "photo.svg", type: "image/svg+xml" }, 415, "unsupported_type", /JPEG-, PNG- of WebP/],
      ["HTML renamed .jpg", html, { filename: "photo.jpg", type: "image/jpeg" }, 415, "unsupported_type", /JPEG-, PNG- of WebP/],
      [
        "HEIC from an iPhone",
        ftypBox("heic", ["mif1", "heic"]),
        { filename: "IMG_0002.HEIC", type: "image/heic" },
        415,
        "heic",
        /Meest compatibel/,
      ],
      ["50-megapixel JPEG", withJpegFrameSize(await testJpeg(256, 256), 10_000, 5_000), {}, 422, "too_many_pixels", /6 megapixels/],
      [
        "7-megapixel JPEG (over the 6 MP the Worker decodes within its memory)",
        withJpegFrameSize(await testJpeg(256, 256), 3_500, 2_000),
        {},
        422,
        "too_many_pixels",
        /6 megapixels/,
      ],
      ["too small", await testJpeg(150, 400), {}, 422, "too_small", /200 pixels/],
      ["random bytes", noise(30_000), {}, 422, "corrupt", /beschadigd/],
      ["a truncated JPEG", (await testJpeg()).subarray(0, 500), {}, 422, "corrupt", /beschadigd/],
      ["an empty file", new Uint8Array(), {}, 400, "no_file", /Kies een foto/],
    ];
    for (const [name, bytes, options, status, error, message] of cases) {
      const answer = await refusal(await upload(bytes, { cookie: owner.cookie, ...options }));
      expect({ name, ...answer, message: message.test(answer.message) }).toEqual({ name, status, error, message: true });
    }
    expect(await photoCount(owner.profileId)).toBe(0);
  });

  it("refuses too large a file from its Content-Length, and a body without one once it passes the limit", async () => {
    const owner = await signedIn();
    const big = new Uint8Array(15 * 1024 * 1024 + 100 * 1024);
    big.set([0xff, 0xd8, 0xff]);
    const declared = await refusal(await upload(big, { cookie: owner.cookie }));
    expect(declared).toMatchObject({ status: 413, error: "too_large_file", message: expect.stringContaining("15 MB") });

    // A streamed body (no Content-Length) is cut off at the limit, not read to its end.
    let sent = 0;
    const chunk = new Uint8Array(1024 * 1024);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 40) return controller.close();
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    const response = await exports.default.fetch(
      new Request("http://localhost/api/photos.php", {
        method: "POST",
        headers: { Origin: "http://localhost", Cookie: owner.cookie, "Content-Type": "multipart/form-data; boundary=x" },
        body: stream,
      }),
    );
    expect(await refusal(response)).toMatchObject({ status: 413, error: "too_large_file" });
    expect(sent).toBeLessThan(40);
    expect(await photoCount(owner.profileId)).toBe(0);
  });

  it("answers bad requests with translated errors", async () => {
    const owner = await signedIn();
    const noFile = new FormData();
    noFile.append("other", "value");
    const withoutFile = await exports.default.fetch(
      new Request("http://localhost/api/photos.php", {
        method: "POST",
        headers: { Origin: "http://localhost", Cookie: owner.cookie },
        body: noFile,
      }),
    );
    expect(await refusal(withoutFile)).toMatchObject({ status: 400, error: "no_file" });
    const garbled = await exports.default.fetch(
      new Request("http://localhost/api/photos.php", {
        method: "POST",
        headers: { Origin: "http://localhost", Cookie: owner.cookie, "Content-Type": "multipart/form-data; boundary=nothing" },
        body: "not multipart at all",
      }),
    );
    expect(await refusal(garbled)).toMatchObject({ status: 400, error: "invalid" });
    for (const body of [
      { intent: "explode" },
      { intent: "delete", photoId: "1; DROP TABLE photos" },
      { intent: "reorder", order: [] },
      "[]",
    ]) {
      expect(await refusal(await photoAction(body, { cookie: owner.cookie }))).toMatchObject({ status: 400, error: "invalid" });
    }
    const notJson = await exports.default.fetch(
      new Request("http://localhost/api/photos.php", {
        method: "PATCH",
        headers: { Origin: "http://localhost", Cookie: owner.cookie, "Content-Type": "application/json" },
        body: "{not json",
      }),
    );
    expect(notJson.status).toBe(400);
  });

  it("refuses uploads from another site (cross-origin) and from visitors", async () => {
    const owner = await signedIn();
    const photo = await testJpeg();
    expect((await upload(photo, { cookie: owner.cookie, origin: "https://evil.example" })).status).toBe(403);
    expect((await upload(photo, { cookie: owner.cookie, origin: null, secFetchSite: "cross-site" })).status).toBe(403);
    expect((await photoAction({ intent: "reorder", order: [1] }, { cookie: owner.cookie, origin: "https://evil.example" })).status).toBe(
      403,
    );
    const visitor = await upload(photo);
    expect(visitor.status).toBe(403);
    expect(await visitor.json()).toMatchObject({ error: "authentication_required" });
    expect(await photoCount(owner.profileId)).toBe(0);
  });
});

describe("the photo limit", () => {
  it("lets a free member keep 3 photos and says the limit is reached on the 4th", async () => {
    const free = await signedIn();
    for (let n = 0; n < 3; n += 1) await uploadOk(free);
    const fourth = await refusal(await upload(await testJpeg(), { cookie: free.cookie }));
    expect(fourth).toEqual({ status: 409, error: "limit_reached", message: "Fotolimiet bereikt: je kunt maximaal 3 foto's hebben." });
    expect(await photoCount(free.profileId)).toBe(3);

    // Rejected photos count too, until the member deletes one.
    const [[rejectedId]] = (await sql("SELECT id FROM photos WHERE profile_id = ? ORDER BY id LIMIT 1", [free.profileId])) as [[string]];
    await setPhotoState(Number(rejectedId), { status: "rejected" });
    expect((await upload(await testJpeg(), { cookie: free.cookie })).status).toBe(409);
    expect((await photoAction({ intent: "delete", photoId: Number(rejectedId) }, { cookie: free.cookie })).status).toBe(200);
    await uploadOk(free);
    expect(await photoCount(free.profileId)).toBe(3);

    const listed = (await (await get("/api/photos.php", { cookie: free.cookie })).json()) as { photos: OwnPhoto[]; limit: number };
    expect(listed.limit).toBe(3);
    expect(listed.photos).toHaveLength(3);
  });

  it("lets a premium member go past 3 photos", async () => {
    const premium = await signedIn({ paidUser: true });
    for (let n = 0; n < 4; n += 1) await uploadOk(premium);
    const listed = (await (await get("/api/photos.php", { cookie: premium.cookie })).json()) as { photos: OwnPhoto[]; limit: number };
    expect(listed.limit).toBe(25);
    expect(listed.photos).toHaveLength(4);
  });

  it("does not let parallel uploads pass the limit together", async () => {
    const free = await signedIn();
    const photo = await testJpeg();
    const statuses = await Promise.all(
      Array.from({ length: 5 }, () => upload(photo, { cookie: free.cookie }).then((response) => response.status)),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(2);
    expect(await photoCount(free.profileId)).toBe(3);
  });
});

describe("a member's actions on their own photos", () => {
  let owner: Signed;
  let photos: OwnPhoto[];
  beforeAll(async () => {
    owner = await signedIn({ paidUser: true });
    photos = [];
    for (let n = 0; n < 3; n += 1) photos.push(await uploadOk(owner));
  });

  async function listed() {
    return ((await (await get("/api/photos.php", { cookie: owner.cookie })).json()) as { photos: OwnPhoto[] }).photos;
  }

  it("reorders, chooses the main photo and marks photos private", async () => {
    const [first, second, third] = photos as [OwnPhoto, OwnPhoto, OwnPhoto];
    const reordered = await photoAction(
      { intent: "reorder", order: [third.id, first.id, second.id] },
      { cookie: owner.cookie, method: "POST" },
    );
    expect(reordered.status).toBe(200);
    expect(((await reordered.json()) as { photos: OwnPhoto[] }).photos.map((photo) => photo.id)).toEqual([third.id, first.id, second.id]);
    // An order must name every photo exactly once.
    expect((await photoAction({ intent: "reorder", order: [third.id, first.id] }, { cookie: owner.cookie })).status).toBe(400);
    expect((await photoAction({ intent: "reorder", order: [third.id, first.id, first.id] }, { cookie: owner.cookie })).status).toBe(400);

    expect((await photoAction({ intent: "main", photoId: second.id }, { cookie: owner.cookie })).status).toBe(200);
    expect((await listed()).find((photo) => photo.isMain)?.id).toBe(second.id);

    // The main photo stays public; a private photo cannot become the main one.
    expect(
      await refusal(await photoAction({ intent: "private", photoId: second.id, private: true }, { cookie: owner.cookie })),
    ).toMatchObject({
      status: 400,
      error: "main_private",
    });
    expect((await photoAction({ intent: "private", photoId: third.id, private: true }, { cookie: owner.cookie })).status).toBe(200);
    expect((await listed()).find((photo) => photo.id === third.id)?.private).toBe(true);
    expect(await refusal(await photoAction({ intent: "main", photoId: third.id }, { cookie: owner.cookie }))).toMatchObject({
      status: 400,
      error: "private_main",
    });
    expect((await photoAction({ intent: "private", photoId: third.id, private: false }, { cookie: owner.cookie })).status).toBe(200);
  });

  it("deletes a photo with its stored files, and the next photo becomes the main one", async () => {
    const main = (await listed()).find((photo) => photo.isMain)!;
    const response = await photoAction({ intent: "delete", photoId: main.id }, { cookie: owner.cookie });
    expect(response.status).toBe(200);
    const after = await listed();
    expect(after.map((photo) => photo.id)).not.toContain(main.id);
    expect(after.filter((photo) => photo.isMain)).toHaveLength(1);
    expect(await env.PHOTOS.head(main.url.slice(1))).toBeNull();
    expect(await env.PHOTOS.head(main.thumbUrl.slice(1))).toBeNull();
    expect((await get(main.url, { cookie: owner.cookie })).status).toBe(404);
  });

  it("cannot delete or change another member's photo", async () => {
    const other = await signedIn({ paidUser: true });
    const [target] = await listed();
    for (const body of [
      { intent: "delete", photoId: target!.id },
      { intent: "main", photoId: target!.id },
      { intent: "private", photoId: target!.id, private: true },
    ]) {
      expect(await refusal(await photoAction(body, { cookie: other.cookie }))).toMatchObject({ status: 404, error: "not_found" });
    }
    const ownOfOther = await uploadOk(other);
    expect((await photoAction({ intent: "reorder", order: [target!.id, ownOfOther.id] }, { cookie: other.cookie })).status).toBe(400);
    const unchanged = (await listed()).find((photo) => photo.id === target!.id)!;
    expect(unchanged).toEqual(target);
    expect((await get(target!.url, { cookie: owner.cookie })).status).toBe(200);
  });
});

describe("who may see a photo", () => {
  let owner: Signed;
  let viewers: Record<"owner" | "premium" | "free" | "visitor" | "moderator", string | undefined>;
  let photo: Record<"public" | "private" | "pending" | "rejected", OwnPhoto>;

  beforeAll(async () => {
    owner = await signedIn({ paidUser: true });
    const [publicPhoto, privatePhoto, pendingPhoto, rejectedPhoto] = [
      await uploadOk(owner),
      await uploadOk(owner),
      await uploadOk(owner),
      await uploadOk(owner),
    ];
    await setPhotoState(publicPhoto!.id, { status: "active" });
    await setPhotoState(privatePhoto!.id, { status: "active", private: true });
    await setPhotoState(rejectedPhoto!.id, { status: "rejected" });
    photo = { public: publicPhoto!, private: privatePhoto!, pending: pendingPhoto!, rejected: rejectedPhoto! };
    const moderator = await signedIn();
    await makeModerator(moderator);
    viewers = {
      owner: owner.cookie,
      premium: (await signedIn({ paidUser: true })).cookie,
      free: (await signedIn()).cookie,
      visitor: undefined,
      moderator: moderator.cookie,
    };
  });

  const expected = {
    public: { owner: 200, premium: 200, free: 200, visitor: 200, moderator: 200 },
    private: { owner: 200, premium: 200, free: 404, visitor: 404, moderator: 200 },
    pending: { owner: 200, premium: 404, free: 404, visitor: 404, moderator: 200 },
    rejected: { owner: 200, premium: 404, free: 404, visitor: 404, moderator: 200 },
  } as const;

  it("applies the rules to full photos and thumbnails alike", async () => {
    const unknown = await get(`/photos/${"0".repeat(32)}.jpg`);
    const notFoundBody = await unknown.text();
    expect(unknown.status).toBe(404);
    const seen: Record<string, Record<string, number>> = {};
    for (const kind of Object.keys(expected) as (keyof typeof expected)[]) {
      seen[kind] = {};
      for (const [viewer, cookie] of Object.entries(viewers)) {
        for (const path of [photo[kind].url, photo[kind].thumbUrl]) {
          const response = await get(path, { cookie });
          const status = response.status;
          seen[kind]![viewer] = status;
          if (status === 404)
            expect(await response.text()).toBe(notFoundBody); // the same answer as an unknown key
          else {
            await response.arrayBuffer();
            expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
            expect(response.headers.get("Cache-Control")).toBe(
              kind === "public" ? "public, max-age=604800, immutable" : "private, max-age=3600",
            );
          }
        }
      }
    }
    expect(seen).toEqual(expected);
  });

  it("hides a deleted member's photos from everyone else", async () => {
    const leaving = await signedIn();
    const shown = await uploadOk(leaving);
    await setPhotoState(shown.id, { status: "active" });
    expect((await get(shown.url)).status).toBe(200);
    await sql("UPDATE profiles SET status = 'deleted' WHERE id = ?", [leaving.profileId]);
    expect((await get(shown.url)).status).toBe(404);
    expect((await get(shown.url, { cookie: viewers.premium })).status).toBe(404);
  });

  it("refuses keys that are not photo keys", async () => {
    for (const path of ["/photos/../wrangler.json", `/photos/${"a".repeat(32)}.svg`, "/photos/x.jpg", `/photos/${"A".repeat(32)}.jpg`]) {
      expect((await get(path, { cookie: owner.cookie })).status).toBe(404);
    }
  });
});
