/**
 * The operator console (/admin, ADR 054) through the real routes: every console page and action
 * is the 404 of a missing page for visitors, members and moderators; an admin passes the step-up
 * (a code by e-mail) first; member actions and refunds change what they say, with their audit
 * entry, and bad input changes nothing.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createMember, loginCookie, type MemberOptions, type TestMember } from "./factories";
import { get, mainContent, post, sql } from "./helpers";
import { simulateOutage, simulatePayment, webhook } from "./mollie-helpers";

type Signed = TestMember & { cookie: string };

async function signedIn(options: MemberOptions = {}): Promise<Signed> {
  const member = await createMember(options);
  return { ...member, cookie: await loginCookie(member) };
}

/** The latest mail of a template to an address; waits a little for one sent after the response. */
async function lastMail(email: string, template: string) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const mail = await latestMail(email, template);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}

async function latestMail(email: string, template: string) {
  const rows = (await sql("SELECT subject, text, locale FROM mail_outbox WHERE to_address = ? AND template = ? ORDER BY id DESC LIMIT 1", [
    email,
    template,
  ])) as [string, string, string][];
  const [row] = rows;
  return row ? { subject: row[0], text: row[1], locale: row[2] } : null;
}

/** An admin signed in with the password and stepped up with the code mailed to them. */
async function steppedUpAdmin(): Promise<Signed> {
  const admin = await signedIn();
  await sql("UPDATE users SET role = 'admin' WHERE id = ?", [admin.userId]);
  expect((await post("/admin/verify", { intent: "send" }, { cookie: admin.cookie })).status).toBe(200);
  const mail = await lastMail(admin.email, "admin_code");
  const code = /\b(\d{6})\b/.exec(mail?.subject ?? "")?.[1];
  if (!code) throw new Error("no step-up code mailed");
  const verified = await post("/admin/verify", { intent: "code", code, redirectTo: "/admin" }, { cookie: admin.cookie });
  expect(verified.status).toBe(302);
  return admin;
}

async function audit(targetType: string, targetId: number | string) {
  return (
    (await sql("SELECT actor_user_id, action, reason, before, after FROM admin_audit WHERE target_type = ? AND target_id = ? ORDER BY id", [
      targetType,
      String(targetId),
    ])) as [string, string, string | null, string | null, string | null][]
  ).map(([actor, action, reason, before, after]) => ({
    actor: Number(actor),
    action,
    reason,
    before: before ? JSON.parse(before) : null,
    after: after ? JSON.parse(after) : null,
  }));
}

async function userRow(userId: number) {
  const [[status, role, credits]] = (await sql("SELECT status, role, credits FROM users WHERE id = ?", [userId])) as [
    [string, string, string],
  ];
  return { status, role, credits: Number(credits) };
}

const PAGES = [
  "/admin",
  "/admin/verify",
  "/admin/audit",
  "/admin/audit?q=ban",
  "/admin/members",
  "/admin/members?q=a",
  "/admin/members/1",
  "/admin/orders",
  "/admin/orders?id=1",
  "/admin/orders/export.csv",
  "/admin/discount-codes",
  "/admin/sites",
  "/admin/sites?edit=1",
  "/admin/prices",
  "/admin/prices?site=1",
  "/admin/acquisition",
  "/admin/mail",
  "/admin.data",
  "/admin/members/1.data",
  "/admin/orders/export.csv.data",
];

const ACTIONS: [string, Record<string, string>][] = [
  ["/admin/verify", { intent: "send" }],
  ["/admin/verify", { intent: "code", code: "123456" }],
  ["/admin/members/1", { intent: "ban", reason: "spam spam" }],
  ["/admin/members/1", { intent: "credits", delta: "100", reason: "gift", requestKey: "abcdefgh12" }],
  ["/admin/members/1", { intent: "role", role: "admin", reason: "promote" }],
  ["/admin/orders", { intent: "refund", orderId: "1" }],
  ["/admin/discount-codes", { intent: "create", code: "FREE", valuePercentage: "90" }],
  ["/admin/discount-codes", { intent: "expire", codeId: "1" }],
  ["/admin/mail", { intent: "resend", mailId: "1" }],
  ["/admin/prices", { intent: "prices", siteId: "1", currency: "EUR", "credits.p0": "100", "amount.p0": "0.50" }],
  ["/admin/prices", { intent: "methods", siteId: "1", "m.*": "ideal" }],
  ["/admin/acquisition", { intent: "create", siteId: "1", token: "evil-link", target: "/login" }],
  ["/admin/acquisition", { intent: "disable", linkId: "1" }],
  ["/admin/acquisition", { intent: "networks", siteId: "1", networks: "evil" }],
  ["/admin/sites", { key: "evil", name: "Evil", domain: "evil.example", domainLanguage: "nl_NL", settings: "{}" }],
  ["/admin/members/1.data", { intent: "role", role: "admin", reason: "promote" }],
];

describe("who may open the console", () => {
  let member: Signed;
  let moderator: Signed;
  beforeAll(async () => {
    member = await signedIn();
    moderator = await signedIn();
    await sql("UPDATE users SET role = 'moderator' WHERE id = ?", [moderator.userId]);
  }, 60_000);

  it("answers every console page and action with the 404 of a missing page to visitors, members and moderators", async () => {
    for (const cookie of [undefined, member.cookie, moderator.cookie]) {
      const missing = await get("/no-such-page-at-all", { cookie });
      expect(missing.status).toBe(404);
      const missingMain = mainContent(await missing.text());
      for (const path of PAGES) {
        const response = await get(path, { cookie });
        expect(response.status, `${path} for ${cookie ?? "a visitor"}`).toBe(404);
        const body = await response.text();
        if (!path.endsWith(".data")) expect(mainContent(body), path).toBe(missingMain);
      }
      for (const [path, form] of ACTIONS) {
        const response = await post(path, form, { cookie });
        expect(response.status, `POST ${path} for ${cookie ?? "a visitor"}`).toBe(404);
      }
    }
    expect((await userRow(1)).role).not.toBe("admin");
  });

  it("lets an admin in only after the step-up, and never with a wrong code", async () => {
    const admin = await signedIn();
    await sql("UPDATE users SET role = 'admin' WHERE id = ?", [admin.userId]);
    const before = await get("/admin/members", { cookie: admin.cookie });
    expect(before.status).toBe(302);
    expect(before.headers.get("Location")).toBe("/admin/verify?redirectTo=%2Fadmin%2Fmembers");
    // An action before the step-up changes nothing either.
    const target = await createMember();
    const early = await post(`/admin/members/${target.userId}`, { intent: "ban", reason: "too early" }, { cookie: admin.cookie });
    expect(early.status).toBe(302);
    expect((await userRow(target.userId)).status).toBe("confirmed");

    expect((await get("/admin/verify", { cookie: admin.cookie })).status).toBe(200);
    expect((await post("/admin/verify", { intent: "code", code: "12" }, { cookie: admin.cookie })).status).toBe(400);
    expect((await post("/admin/verify", { intent: "send" }, { cookie: admin.cookie })).status).toBe(200);
    const mail = await lastMail(admin.email, "admin_code");
    const code = /\b(\d{6})\b/.exec(mail?.subject ?? "")?.[1] ?? "";
    const wrong = code === "000000" ? "111111" : "000000";
    const refused = await post("/admin/verify", { intent: "code", code: wrong }, { cookie: admin.cookie });
    expect(refused.status).toBe(400);
    expect((await get("/admin", { cookie: admin.cookie })).status).toBe(302);
    const passed = await post("/admin/verify", { intent: "code", code, redirectTo: "/admin/members" }, { cookie: admin.cookie });
    expect(passed.status).toBe(302);
    expect(passed.headers.get("Location")).toBe("/admin/members");
    expect((await get("/admin/members", { cookie: admin.cookie })).status).toBe(200);
    // The code worked once.
    expect((await post("/admin/verify", { intent: "code", code }, { cookie: admin.cookie })).status).toBe(302);
  });

  it("stops counting guesses after five tries on one code", async () => {
    const admin = await signedIn();
    await sql("UPDATE users SET role = 'admin' WHERE id = ?", [admin.userId]);
    await post("/admin/verify", { intent: "send" }, { cookie: admin.cookie });
    const code = /\b(\d{6})\b/.exec((await lastMail(admin.email, "admin_code"))?.subject ?? "")?.[1] ?? "";
    const wrong = code === "000000" ? "111111" : "000000";
    await Promise.all(Array.from({ length: 8 }, () => post("/admin/verify", { intent: "code", code: wrong }, { cookie: admin.cookie })));
    expect((await post("/admin/verify", { intent: "code", code }, { cookie: admin.cookie })).status).toBe(400);
    expect((await get("/admin", { cookie: admin.cookie })).status).toBe(302);
  });

  it("lets an admin moderate", async () => {
    const admin = await steppedUpAdmin();
    expect((await get("/moderation", { cookie: admin.cookie })).status).toBe(200);
  });
});

describe("members in the console", () => {
  let admin: Signed;
  beforeAll(async () => {
    admin = await steppedUpAdmin();
  }, 60_000);

  it("finds a member by e-mail, profile name and id, and shows their page", async () => {
    const member = await createMember({ name: `Findable${Date.now() % 100000}` });
    for (const q of [member.email, member.email.slice(0, 12), String(member.userId)]) {
      const page = mainContent(await (await get(`/admin/members?q=${encodeURIComponent(q)}`, { cookie: admin.cookie })).text());
      expect(page, q).toContain(`/admin/members/${member.userId}`);
    }
    const page = await get(`/admin/members/${member.userId}`, { cookie: admin.cookie });
    expect(page.status).toBe(200);
    expect(mainContent(await page.text())).toContain(member.email);
    expect((await get("/admin/members/999999999", { cookie: admin.cookie })).status).toBe(404);
  });

  it("bans a member with a reason: signed out, told by e-mail in their language, cannot sign in; unbanned signs in again", async () => {
    const member = await signedIn({ site: "nl-general" });
    await sql("UPDATE users SET language = 'de' WHERE id = ?", [member.userId]);
    const banned = await post(`/admin/members/${member.userId}`, { intent: "ban", reason: "Fake profile" }, { cookie: admin.cookie });
    expect(banned.status).toBe(200);
    expect((await userRow(member.userId)).status).toBe("banned");
    const [[sessions]] = (await sql("SELECT count(*) FROM sessions WHERE user_id = ?", [member.userId])) as [[string]];
    expect(Number(sessions)).toBe(0);
    await expect(loginCookie(member)).rejects.toThrow();
    const mail = await lastMail(member.email, "account_banned");
    expect(mail?.locale).toBe("de");
    // One ban mail for moderators and operators: the operator's reason, and how to appeal.
    expect(mail?.text).toContain("Grund: Fake profile");
    expect(mail?.text).toContain("innerhalb von 30 Tagen");
    expect(mail?.subject).toContain("geschlossen");
    // A second ban changes nothing and records nothing.
    expect((await post(`/admin/members/${member.userId}`, { intent: "ban", reason: "again" }, { cookie: admin.cookie })).status).toBe(409);

    const lifted = await post(
      `/admin/members/${member.userId}`,
      { intent: "unban", reason: "Verified by phone" },
      { cookie: admin.cookie },
    );
    expect(lifted.status).toBe(200);
    expect((await userRow(member.userId)).status).toBe("confirmed");
    expect(await loginCookie(member)).toBeTruthy();
    expect((await lastMail(member.email, "account_unbanned"))?.text).toContain("Verified by phone");
    expect(await audit("user", member.userId)).toEqual([
      { actor: admin.userId, action: "ban", reason: "Fake profile", before: { status: "confirmed" }, after: { status: "banned" } },
      { actor: admin.userId, action: "unban", reason: "Verified by phone", before: { status: "banned" }, after: { status: "confirmed" } },
    ]);
  });

  it("adjusts credits through the ledger with its audit entry, once per form, never below zero", async () => {
    const member = await createMember({ credits: 5 });
    const form = { intent: "credits", delta: "20", reason: "Complaint 123: chat failed", requestKey: crypto.randomUUID() };
    const answers = await Promise.all([
      post(`/admin/members/${member.userId}`, form, { cookie: admin.cookie }),
      post(`/admin/members/${member.userId}`, form, { cookie: admin.cookie }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect((await userRow(member.userId)).credits).toBe(25);
    const [[ledger]] = (await sql("SELECT count(*) FROM credit_ledger WHERE user_id = ? AND reason = 'adjustment'", [member.userId])) as [
      [string],
    ];
    expect(Number(ledger)).toBe(1);

    const tooMuch = await post(
      `/admin/members/${member.userId}`,
      { intent: "credits", delta: "-26", reason: "Take back", requestKey: crypto.randomUUID() },
      { cookie: admin.cookie },
    );
    expect(tooMuch.status).toBe(400);
    expect((await userRow(member.userId)).credits).toBe(25);
    expect(await audit("user", member.userId)).toEqual([
      expect.objectContaining({
        action: "credits",
        reason: "Complaint 123: chat failed",
        before: { credits: 5 },
        after: expect.objectContaining({ credits: 25, delta: 20 }),
      }),
    ]);
  });

  it("refuses bad input with the field's message and changes nothing", async () => {
    const member = await createMember({ credits: 5 });
    const forms: Record<string, string>[] = [
      { intent: "ban", reason: "" },
      { intent: "credits", delta: "1.5", reason: "Half", requestKey: crypto.randomUUID() },
      { intent: "credits", delta: "0", reason: "Nothing", requestKey: crypto.randomUUID() },
      { intent: "credits", delta: "abc", reason: "Nothing", requestKey: crypto.randomUUID() },
      { intent: "role", role: "owner", reason: "Promote" },
      { intent: "explode" },
    ];
    for (const form of forms) {
      const response = await post(`/admin/members/${member.userId}`, form, { cookie: admin.cookie });
      expect(response.status, JSON.stringify(form)).toBe(400);
    }
    expect(await userRow(member.userId)).toEqual({ status: "confirmed", role: "member", credits: 5 });
    expect(await audit("user", member.userId)).toEqual([]);
    // The field's message, in the operator's language (the Dutch site here).
    const page = await post(`/admin/members/${member.userId}`, { intent: "ban", reason: "x" }, { cookie: admin.cookie });
    expect(mainContent(await page.text())).toContain("Geef een reden van minstens 3 tekens.");
  });

  it("changes a role (not the admin's own) and sends the account mails", async () => {
    const member = await createMember({ status: "not_confirmed" });
    expect(
      (
        await post(
          `/admin/members/${member.userId}`,
          { intent: "role", role: "moderator", reason: "New moderator" },
          { cookie: admin.cookie },
        )
      ).status,
    ).toBe(200);
    expect((await userRow(member.userId)).role).toBe("moderator");
    expect(
      (await post(`/admin/members/${admin.userId}`, { intent: "role", role: "member", reason: "Oops" }, { cookie: admin.cookie })).status,
    ).toBe(400);
    expect((await userRow(admin.userId)).role).toBe("admin");
    expect((await post(`/admin/members/${member.userId}`, { intent: "activation" }, { cookie: admin.cookie })).status).toBe(200);
    expect(await lastMail(member.email, "activation")).not.toBeNull();
    expect((await post(`/admin/members/${member.userId}`, { intent: "reset" }, { cookie: admin.cookie })).status).toBe(200);
    expect(await lastMail(member.email, "password_reset")).not.toBeNull();
    expect((await audit("user", member.userId)).map((entry) => entry.action)).toEqual(["role", "activation_mail", "reset_mail"]);
  });

  it("lists the changes in the searchable audit trail", async () => {
    const member = await createMember();
    await post(`/admin/members/${member.userId}`, { intent: "ban", reason: `Scammer ${member.userId}` }, { cookie: admin.cookie });
    const page = mainContent(await (await get(`/admin/audit?q=${member.userId}`, { cookie: admin.cookie })).text());
    expect(page).toContain(`Scammer ${member.userId}`);
    const other = mainContent(await (await get("/admin/audit?q=no-such-thing-anywhere", { cookie: admin.cookie })).text());
    expect(other).not.toContain(`Scammer ${member.userId}`);
  });

  it("lists moderators' decisions in the same trail, newest first, with the console's changes", async () => {
    const moderator = await createMember();
    await sql("UPDATE users SET role = 'moderator' WHERE id = ?", [moderator.userId]);
    const member = await createMember();
    const mark = `Stolen photo ${crypto.randomUUID().slice(0, 8)}`;
    await sql(
      `INSERT INTO moderation_actions (site_id, moderator_user_id, target_type, target_id, action, reason, created_at)
       VALUES (?, ?, 'profile', ?, 'ban', ?, unixepoch() - 5)`,
      [member.siteId, moderator.userId, member.profileId, mark],
    );
    await post(`/admin/members/${member.userId}`, { intent: "ban", reason: `${mark} (operator)` }, { cookie: admin.cookie });
    const page = mainContent(await (await get(`/admin/audit?q=${encodeURIComponent(mark)}`, { cookie: admin.cookie })).text());
    expect(page).toContain(moderator.email);
    expect(page).toContain(`${mark} (operator)`);
    // Newest first: the operator's ban above the moderator's older decision.
    expect(page.indexOf(`${mark} (operator)`)).toBeLessThan(page.indexOf(moderator.email));
    const decisions = mainContent(
      await (await get(`/admin/audit?type=moderation&q=${encodeURIComponent(mark)}`, { cookie: admin.cookie })).text(),
    );
    expect(decisions).toContain(moderator.email);
    expect(decisions).not.toContain(`${mark} (operator)`);
    const changes = mainContent(await (await get(`/admin/audit?type=user&q=${encodeURIComponent(mark)}`, { cookie: admin.cookie })).text());
    expect(changes).not.toContain(moderator.email);
    expect((await get("/admin/audit?before=nonsense", { cookie: admin.cookie })).status).toBe(200);
  });

  it("names moderators' actions with a detail after a colon in words, not as the stored text", async () => {
    const moderator = await createMember();
    const member = await createMember();
    const mark = `Handled ${crypto.randomUUID().slice(0, 8)}`;
    await sql(
      `INSERT INTO moderation_actions (site_id, moderator_user_id, target_type, target_id, action, reason)
       VALUES (?, ?, 'complaint', 1, 'status:closed', ?), (?, ?, 'conversation', 1, ?, ?)`,
      [member.siteId, moderator.userId, mark, member.siteId, moderator.userId, `warn:${member.profileId}`, mark],
    );
    const page = mainContent(await (await get(`/admin/audit?q=${encodeURIComponent(mark)}`, { cookie: admin.cookie })).text()).replaceAll(
      "<!-- -->",
      "",
    );
    expect(page).toContain("Klacht gesloten");
    expect(page).toContain(`Gewaarschuwd · Profiel ${member.profileId}`);
    expect(page).not.toContain("status:closed");
    expect(page).not.toContain(`warn:${member.profileId}`);
  });
});

describe("orders in the console", () => {
  it("refunds a paid order through Mollie: credits taken back, order refunded, audited; the CSV lists it", async () => {
    const admin = await steppedUpAdmin();
    const member = await signedIn();
    const response = await post("/credits/p0/ideal", { method: "ideal", terms: "on" }, { cookie: member.cookie });
    const paymentId = /\/checkout\/(tr_[A-Za-z0-9]+)/.exec(response.headers.get("Location") ?? "")?.[1] ?? "";
    const [[orderId]] = (await sql("SELECT order_id FROM payments WHERE provider_payment_id = ?", [paymentId])) as [[string]];
    await simulatePayment(paymentId, { status: "paid" });
    await webhook(paymentId);
    expect((await userRow(member.userId)).credits).toBeGreaterThan(0);

    const history = mainContent(await (await get(`/admin/orders?id=${orderId}`, { cookie: admin.cookie })).text());
    expect(history).toContain(paymentId);
    expect(history).toContain(`order:${orderId}`);
    const refunded = await post("/admin/orders", { intent: "refund", orderId: String(orderId) }, { cookie: admin.cookie });
    expect(refunded.status).toBe(200);
    expect((await userRow(member.userId)).credits).toBe(0);
    const [[status]] = (await sql("SELECT status FROM orders WHERE id = ?", [orderId])) as [[string]];
    expect(status).toBe("refunded");
    expect((await post("/admin/orders", { intent: "refund", orderId: String(orderId) }, { cookie: admin.cookie })).status).toBe(409);
    expect((await audit("order", orderId)).map((entry) => entry.action)).toEqual(["refund"]);

    const csv = await get(`/admin/orders/export.csv?id=${orderId}`, { cookie: admin.cookie });
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toMatch(/^order,created_at/);
    expect(lines[1]).toContain(member.email);
    expect(lines[1]).toContain("refunded");
    const revenue = mainContent(await (await get("/admin/orders?status=refunded", { cookie: admin.cookie })).text());
    expect(revenue).toContain("<svg");
  });
});

/** A member's order of p0 by iDEAL, not paid yet: its order id and Mollie payment id. */
async function openOrder(member: Signed) {
  const response = await post("/credits/p0/ideal", { method: "ideal", terms: "on" }, { cookie: member.cookie });
  const paymentId = /\/checkout\/(tr_[A-Za-z0-9]+)/.exec(response.headers.get("Location") ?? "")?.[1] ?? "";
  const [[orderId]] = (await sql("SELECT order_id FROM payments WHERE provider_payment_id = ?", [paymentId])) as [[string]];
  return { orderId: Number(orderId), paymentId };
}

async function webhookCalls(orderId: number) {
  return (
    (await sql("SELECT provider_payment_id, reported_status, outcome FROM payment_webhooks WHERE order_id = ? ORDER BY id", [orderId])) as [
      string,
      string | null,
      string,
    ][]
  ).map(([paymentId, reported, outcome]) => ({ paymentId, reported, outcome }));
}

describe("an order's history in the console", () => {
  it("lists each webhook Mollie sent with the status it reported and what it did, beside the ledger", async () => {
    const admin = await steppedUpAdmin();
    const member = await signedIn();
    const { orderId, paymentId } = await openOrder(member);
    await simulatePayment(paymentId, { status: "paid" });
    expect((await webhook(paymentId)).status).toBe(200);
    // Mollie calls again: nothing is credited twice, and the call is recorded as such.
    expect((await webhook(paymentId)).status).toBe(200);
    await simulateOutage(1);
    expect((await webhook(paymentId)).status).toBe(503);
    await simulatePayment(paymentId, { chargeback: true });
    expect((await webhook(paymentId)).status).toBe(200);
    expect(await webhookCalls(orderId)).toEqual([
      { paymentId, reported: "paid", outcome: "credited" },
      { paymentId, reported: "paid", outcome: "ignored_duplicate" },
      { paymentId, reported: null, outcome: "provider_unavailable" },
      { paymentId, reported: "paid", outcome: "charged_back" },
    ]);
    const [[credited]] = (await sql("SELECT count(*) FROM credit_ledger WHERE cause_key = ?", [`order:${orderId}`])) as [[string]];
    expect(Number(credited)).toBe(1);
    // An id that is not ours leaves no row.
    expect((await webhook("tr_notoursatall")).status).toBe(200);
    expect(await sql("SELECT id FROM payment_webhooks WHERE provider_payment_id = 'tr_notoursatall'")).toEqual([]);

    const page = mainContent(await (await get(`/admin/orders?id=${orderId}`, { cookie: admin.cookie })).text());
    const calls = /data-testid="order-webhooks"[\s\S]*?<\/ul>/.exec(page)?.[0] ?? "";
    expect(calls.match(/<li/g)).toHaveLength(4);
    expect(calls).toContain(paymentId);
    expect(page).toContain(`chargeback:${orderId}`);
  });

  it("writes the refund's audit entries in the refund's own batches: a refund Mollie could not make is undone and recorded so", async () => {
    const admin = await steppedUpAdmin();
    const member = await signedIn();
    const { orderId, paymentId } = await openOrder(member);
    await simulatePayment(paymentId, { status: "paid" });
    await webhook(paymentId);
    const credits = (await userRow(member.userId)).credits;
    expect(credits).toBeGreaterThan(0);

    // Mollie is down for the refund, its one retry and the check whether it went through: the credits come back.
    await simulateOutage(3);
    expect((await post("/admin/orders", { intent: "refund", orderId: String(orderId) }, { cookie: admin.cookie })).status).toBe(502);
    expect((await userRow(member.userId)).credits).toBe(credits);
    expect((await post("/admin/orders", { intent: "refund", orderId: String(orderId) }, { cookie: admin.cookie })).status).toBe(200);
    expect((await userRow(member.userId)).credits).toBe(0);
    const entries = await audit("order", orderId);
    expect(entries.map((entry) => entry.action)).toEqual(["refund", "refund_failed", "refund"]);
    expect(entries[0]).toMatchObject({ actor: admin.userId, before: { status: "paid", refundedAt: null }, after: { refunded: true } });
    // Each entry stands beside a ledger row of the same change.
    const [[ledgerRows]] = (await sql("SELECT count(*) FROM credit_ledger WHERE cause_key LIKE ? OR cause_key LIKE ?", [
      `refund:${orderId}:%`,
      `refund-failed:${orderId}:%`,
    ])) as [[string]];
    expect(Number(ledgerRows)).toBe(3);
  });

  it("deletes an account with its audit entry in the deletion's batch, once", async () => {
    const admin = await steppedUpAdmin();
    const member = await createMember();
    const form = { intent: "delete", reason: "Asked by phone" };
    const answers = await Promise.all([1, 2].map(() => post(`/admin/members/${member.userId}`, form, { cookie: admin.cookie })));
    expect(answers.map((answer) => answer.status)).toContain(200);
    expect((await userRow(member.userId)).status).toBe("deleted");
    expect(await audit("user", member.userId)).toEqual([
      { actor: admin.userId, action: "delete", reason: "Asked by phone", before: { status: "confirmed" }, after: { status: "deleted" } },
    ]);
  });
});

/**
 * A site of its own for a test that changes its settings or prices (a copy of the default site and
 * its price lists), saved once through the console so every isolate's copy of
 * the sites is fresh (an `update` in its audit trail).
 */
async function siteOfItsOwn(admin: Signed) {
  const key = `prices-${crypto.randomUUID().slice(0, 8)}`;
  const host = `${key}.localhost`;
  const [[siteId]] = (await sql(
    `INSERT INTO sites (key, name, domain, domain_language, company_id, is_default, settings)
     SELECT ?, 'Prices test', ?, domain_language, company_id, 0, settings FROM sites WHERE is_default = 1 RETURNING id`,
    [key, host],
  )) as [[string]];
  await sql("INSERT INTO site_hosts (host, site_id) VALUES (?, ?)", [host, Number(siteId)]);
  await sql(
    `INSERT INTO site_prices (site_id, currency, package_key, credits, amount_cents, discount_percent, popular, position)
     SELECT ?, currency, package_key, credits, amount_cents, discount_percent, popular, position
     FROM site_prices WHERE site_id = (SELECT id FROM sites WHERE is_default = 1)`,
    [Number(siteId)],
  );
  const [[settings, language]] = (await sql("SELECT settings, domain_language FROM sites WHERE id = ?", [Number(siteId)])) as [
    [string, string],
  ];
  const form = { siteId: String(siteId), key, name: "Prices test", domain: host, domainLanguage: language, hosts: "", settings };
  expect((await post("/admin/sites", form, { cookie: admin.cookie })).status).toBe(200);
  return { key, host, siteId: Number(siteId) };
}

async function eurPrices(siteId: number) {
  return (
    (await sql(
      "SELECT package_key, credits, amount_cents, discount_percent, popular FROM site_prices WHERE site_id = ? AND currency = 'EUR' ORDER BY position",
      [siteId],
    )) as [string, string, string, string, string][]
  ).map(([key, credits, amount, discount, popular]) => ({
    key,
    credits: Number(credits),
    amount: Number(amount),
    discount: Number(discount),
    popular: Number(popular),
  }));
}

describe("prices in the console", () => {
  it("changes a price list as the app checks it: new orders pay the new price, an order already started keeps its own", async () => {
    const admin = await steppedUpAdmin();
    const { key, host, siteId } = await siteOfItsOwn(admin);
    const buyer = await createMember({ site: key });
    const buyerCookie = await loginCookie(buyer, host);
    const started = await post("/credits/p0/ideal", { method: "ideal", terms: "on" }, { cookie: buyerCookie, host });
    const paymentId = /\/checkout\/(tr_[A-Za-z0-9]+)/.exec(started.headers.get("Location") ?? "")?.[1] ?? "";
    const [[orderId, startedAmount, startedCredits]] = (await sql(
      "SELECT o.id, o.amount_cents, o.credits FROM orders o JOIN payments p ON p.order_id = o.id WHERE p.provider_payment_id = ?",
      [paymentId],
    )) as [[string, string, string]];
    const before = await eurPrices(siteId);
    const form: Record<string, string> = { intent: "prices", formId: "prices-EUR", siteId: String(siteId), currency: "EUR", popular: "p2" };
    const prices = `/admin/prices?site=${siteId}`;
    for (const row of before) {
      form[`credits.${row.key}`] = String(row.credits);
      form[`amount.${row.key}`] = (row.amount / 100).toFixed(2).replace(".", ",");
      form[`discount.${row.key}`] = String(row.discount);
    }
    for (const bad of <Record<string, string>[]>[
      { "amount.p0": "abc" },
      { "amount.p0": "0,10" },
      { "credits.p1": "0" },
      { "discount.p3": "95" },
      { currency: "XXX" },
      { popular: "p9" },
    ]) {
      const refused = await post(prices, { ...form, ...bad }, { cookie: admin.cookie });
      expect(refused.status, JSON.stringify(bad)).toBe(400);
    }
    const refused = await post(prices, { ...form, "amount.p0": "abc" }, { cookie: admin.cookie });
    expect(mainContent(await refused.text())).toContain("Vul een bedrag van minstens 0,50 in");
    expect(await eurPrices(siteId)).toEqual(before);

    expect((await post(prices, { ...form, "amount.p0": "19,95", "credits.p0": "120" }, { cookie: admin.cookie })).status).toBe(200);
    const after = await eurPrices(siteId);
    expect(after[0]).toMatchObject({ key: "p0", credits: 120, amount: 1995 });
    expect(after.slice(1)).toEqual(before.slice(1));
    const [entry] = await audit("site_price", `${siteId}:EUR`);
    expect(entry).toMatchObject({ actor: admin.userId, action: "update" });
    expect(entry?.before[0]).toMatchObject({ packageKey: "p0", amountCents: before[0]?.amount, credits: before[0]?.credits });
    expect(entry?.after[0]).toMatchObject({ packageKey: "p0", amountCents: 1995, credits: 120 });

    // Without a deploy: the pricing page and a new order have the new price at once.
    const other = await createMember({ site: key });
    const otherCookie = await loginCookie(other, host);
    await post("/credits/p0/ideal", { method: "ideal", terms: "on" }, { cookie: otherCookie, host });
    const [[newAmount, newCredits]] = (await sql("SELECT amount_cents, credits FROM orders WHERE user_id = ?", [other.userId])) as [
      [string, string],
    ];
    expect([Number(newAmount), Number(newCredits)]).toEqual([1995, 120]);
    // The order started before the change is paid at its own price and gets its own credits.
    const balance = (await userRow(buyer.userId)).credits;
    await simulatePayment(paymentId, { status: "paid" });
    expect((await webhook(paymentId)).status).toBe(200);
    const [[status, amount, credits]] = (await sql("SELECT status, amount_cents, credits FROM orders WHERE id = ?", [orderId])) as [
      [string, string, string],
    ];
    expect([status, Number(amount), Number(credits)]).toEqual(["paid", Number(startedAmount), Number(startedCredits)]);
    expect((await userRow(buyer.userId)).credits).toBe(balance + Number(startedCredits));
  });

  it("sets the payment methods per country, checked by the site settings' schema, audited", async () => {
    const admin = await steppedUpAdmin();
    const { siteId } = await siteOfItsOwn(admin);
    const base = { intent: "methods", siteId: String(siteId) };
    expect((await post("/admin/prices", { ...base, "m.NL": "ideal" }, { cookie: admin.cookie })).status).toBe(400);
    expect((await post("/admin/prices", { ...base, "m.*": "bitcoin" }, { cookie: admin.cookie })).status).toBe(400);
    expect(
      (await post("/admin/prices", { ...base, "m.*": "creditcard", "m.new": "ideal", newCountry: "Holland" }, { cookie: admin.cookie }))
        .status,
    ).toBe(400);
    const ok = await post("/admin/prices", { ...base, "m.*": "creditcard", "m.new": "blik", newCountry: "pl" }, { cookie: admin.cookie });
    expect(ok.status).toBe(200);
    const [[methods]] = (await sql("SELECT json_extract(settings, '$.paymentMethods') FROM sites WHERE id = ?", [siteId])) as [[string]];
    expect(JSON.parse(methods)).toEqual({ "*": ["creditcard"], PL: ["blik"] });
    const entry = (await audit("site", siteId)).find((item) => item.action === "payment_methods");
    expect(entry).toMatchObject({ action: "payment_methods", after: { paymentMethods: { "*": ["creditcard"], PL: ["blik"] } } });
    expect(entry?.before.paymentMethods).toBeTruthy();
  });
});

describe("acquisition in the console", () => {
  it("creates a short link that then leads on, refuses one the route would not follow, disables it once; all audited", async () => {
    const admin = await steppedUpAdmin();
    const { host, siteId } = await siteOfItsOwn(admin);
    const token = `june-${crypto.randomUUID().slice(0, 6)}`;
    const form = {
      intent: "create",
      siteId: String(siteId),
      token,
      target: "/landers/video?network=mail&sub1=june",
      label: "June mailing",
    };
    for (const bad of <Record<string, string>[]>[
      { token: "a" },
      // The login page answers /login first: such a link could never be followed.
      { token: "Login" },
      { target: "https://evil.example/" },
      { target: "//evil.example" },
      { expires: "2001-01-01" },
    ]) {
      expect((await post("/admin/acquisition", { ...form, ...bad }, { cookie: admin.cookie })).status, JSON.stringify(bad)).toBe(400);
    }
    expect(await sql("SELECT id FROM short_links WHERE token = ?", [token])).toEqual([]);
    expect((await post("/admin/acquisition", form, { cookie: admin.cookie })).status).toBe(200);
    expect((await post("/admin/acquisition", form, { cookie: admin.cookie })).status).toBe(400);
    const followed = await get(`/${token}`, { host });
    expect(followed.headers.get("Location")).toContain("/landers/video?network=mail&sub1=june");
    const page = mainContent(await (await get("/admin/acquisition", { cookie: admin.cookie })).text());
    expect(page).toContain(`/${token}`);
    expect(page).toContain('href="/conversions"');

    const [[linkId]] = (await sql("SELECT id FROM short_links WHERE token = ?", [token])) as [[string]];
    const answers = await Promise.all(
      [1, 2].map(() => post("/admin/acquisition", { intent: "disable", linkId: String(linkId) }, { cookie: admin.cookie })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await get(`/${token}`, { host })).status).toBe(404);
    expect((await audit("short_link", token)).map((entry) => entry.action)).toEqual(["create", "disable"]);
  });

  it("sets a site's trusted traffic networks as the settings' schema allows, audited", async () => {
    const admin = await steppedUpAdmin();
    const { siteId } = await siteOfItsOwn(admin);
    const base = { intent: "networks", siteId: String(siteId) };
    expect((await post("/admin/acquisition", { ...base, networks: "x".repeat(101) }, { cookie: admin.cookie })).status).toBe(400);
    expect((await post("/admin/acquisition", { ...base, networks: "mail\nadwords, mail" }, { cookie: admin.cookie })).status).toBe(200);
    const [[networks]] = (await sql("SELECT json_extract(settings, '$.trafficNetworks') FROM sites WHERE id = ?", [siteId])) as [[string]];
    expect(JSON.parse(networks)).toEqual(["mail", "adwords"]);
    expect((await audit("site", siteId)).filter((entry) => entry.action === "traffic_networks")).toEqual([
      expect.objectContaining({ action: "traffic_networks", after: { trafficNetworks: ["mail", "adwords"] } }),
    ]);
  });
});

describe("discount codes in the console", () => {
  it("creates a personal code that its member uses at checkout; bad input saves nothing; expired, it stops working", async () => {
    const admin = await steppedUpAdmin();
    const member = await signedIn();
    const other = await signedIn();
    const [[siteId]] = (await sql("SELECT id FROM sites WHERE key = 'nl-general'")) as [[string]];
    const code = `ADM${crypto.randomUUID().slice(0, 6).toUpperCase()}`;
    const form = {
      intent: "create",
      code: code.toLowerCase(),
      siteId: String(siteId),
      country: "nl",
      userId: String(member.userId),
      valuePercentage: "20",
      currency: "EUR",
      minimumOrder: "10",
      paymentMethods: "ideal",
      expires: "2099-12-31",
      oncePerUser: "on",
    };
    for (const bad of [{ valuePercentage: "95" }, { country: "Nederland" }, { userId: "999999999" }, { expires: "2001-01-01" }]) {
      expect((await post("/admin/discount-codes", { ...form, ...bad }, { cookie: admin.cookie })).status, JSON.stringify(bad)).toBe(400);
    }
    expect(await sql("SELECT id FROM discount_codes WHERE code = ?", [code])).toEqual([]);
    expect((await post("/admin/discount-codes", form, { cookie: admin.cookie })).status).toBe(200);
    expect((await post("/admin/discount-codes", form, { cookie: admin.cookie })).status).toBe(400);
    const [[codeId, country, minimum, methods]] = (await sql(
      "SELECT id, country, minimum_order_cents, payment_methods FROM discount_codes WHERE code = ?",
      [code],
    )) as [[string, string, string, string]];
    expect([country, Number(minimum), JSON.parse(methods)]).toEqual(["NL", 1000, ["ideal"]]);

    // The member uses it: the order is priced with 20% off.
    const ordered = await post("/credits/p2/ideal", { method: "ideal", terms: "on", discountCode: code }, { cookie: member.cookie });
    expect(ordered.status).toBe(302);
    const [[discountCents]] = (await sql("SELECT discount_cents FROM orders WHERE user_id = ? AND discount_code_id = ?", [
      member.userId,
      codeId,
    ])) as [[string]];
    expect(Number(discountCents)).toBeGreaterThan(0);
    // Someone else cannot.
    await post("/credits/p2/ideal", { method: "ideal", terms: "on", discountCode: code }, { cookie: other.cookie });
    expect(await sql("SELECT id FROM orders WHERE user_id = ? AND discount_code_id = ?", [other.userId, codeId])).toEqual([]);

    const list = mainContent(await (await get("/admin/discount-codes", { cookie: admin.cookie })).text());
    expect(list).toContain(code);
    expect((await post("/admin/discount-codes", { intent: "expire", codeId: String(codeId) }, { cookie: admin.cookie })).status).toBe(200);
    const [[status]] = (await sql("SELECT status FROM discount_codes WHERE id = ?", [codeId])) as [[string]];
    expect(status).toBe("disabled");
    expect((await audit("discount_code", code)).map((entry) => entry.action)).toEqual(["create", "expire"]);
  });
});

describe("sites in the console", () => {
  it("creates a site with its own host name, which a visitor then gets; refuses settings the app would refuse", async () => {
    const admin = await steppedUpAdmin();
    const page = mainContent(await (await get("/admin/sites", { cookie: admin.cookie })).text());
    const template = /<textarea[^>]*>([\s\S]*?)<\/textarea>/.exec(page)?.[1] ?? "";
    const settings = JSON.parse(
      template
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, "&")
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&#x27;|&#39;/g, "'"),
    );
    const suffix = crypto.randomUUID().slice(0, 6);
    const host = `console-${suffix}.localhost`;
    const form = {
      key: `console-${suffix}`,
      name: `Console Site ${suffix}`,
      domain: host,
      domainLanguage: "nl_NL",
      hosts: "",
      settings: JSON.stringify(settings),
    };
    const refused = await post(
      "/admin/sites",
      { ...form, settings: JSON.stringify({ ...settings, countries: [] }) },
      { cookie: admin.cookie },
    );
    expect(refused.status).toBe(400);
    expect(mainContent(await refused.text())).toContain("countries");
    expect((await post("/admin/sites", { ...form, domain: "not a host" }, { cookie: admin.cookie })).status).toBe(400);
    expect(await sql("SELECT id FROM sites WHERE key = ?", [form.key])).toEqual([]);

    expect((await post("/admin/sites", form, { cookie: admin.cookie })).status).toBe(200);
    const visitor = await get("/", { host });
    expect(await visitor.text()).toContain(`Console Site ${suffix}`);
    // Its host cannot be given to another site.
    expect((await post("/admin/sites", { ...form, key: `other-${suffix}` }, { cookie: admin.cookie })).status).toBe(400);
    const [[siteId]] = (await sql("SELECT id FROM sites WHERE key = ?", [form.key])) as [[string]];
    expect((await audit("site", siteId)).map((entry) => entry.action)).toEqual(["create"]);

    // An edit form loaded before another operator's change to the settings cannot undo it.
    const loadedWith = async () =>
      /name="loaded" value="([0-9a-f]{64})"/.exec(await (await get(`/admin/sites?edit=${siteId}`, { cookie: admin.cookie })).text())?.[1];
    const loaded = await loadedWith();
    expect(loaded).toMatch(/^[0-9a-f]{64}$/);
    await sql("UPDATE sites SET settings = json_set(settings, '$.dailySwipeLikes', 9) WHERE id = ?", [Number(siteId)]);
    const edit = { ...form, siteId, name: `Renamed ${suffix}`, settings: JSON.stringify({ ...settings, minAge: 21 }) };
    const stale = await post("/admin/sites", { ...edit, loaded: loaded! }, { cookie: admin.cookie });
    expect(stale.status).toBe(400);
    expect(mainContent(await stale.text())).toContain("Iemand anders heeft de instellingen van deze site intussen gewijzigd.");
    expect(await sql("SELECT name, json_extract(settings, '$.dailySwipeLikes') FROM sites WHERE id = ?", [Number(siteId)])).toEqual([
      [`Console Site ${suffix}`, "9"],
    ]);
    // Loaded again, the same edit is saved.
    expect((await post("/admin/sites", { ...edit, loaded: (await loadedWith())! }, { cookie: admin.cookie })).status).toBe(200);
    expect(await sql("SELECT name, json_extract(settings, '$.minAge') FROM sites WHERE id = ?", [Number(siteId)])).toEqual([
      [`Renamed ${suffix}`, "21"],
    ]);
    expect((await audit("site", siteId)).map((entry) => entry.action)).toEqual(["create", "update"]);
  });
});

describe("mail in the console", () => {
  it("lists a given-up mail and its domain's bounces, and queues it again once", async () => {
    const admin = await steppedUpAdmin();
    const member = await createMember();
    await sql("UPDATE users SET email_disabled_reason = 'bounce' WHERE id = ?", [member.userId]);
    const [[mailId]] = (await sql(
      `INSERT INTO mail_outbox (site_id, user_id, to_address, template, locale, subject, text, html, status, attempts, last_error)
       VALUES (?, ?, ?, 'activation', 'nl', 'Test', 'Test', '<p>Test</p>', 'given_up', 7, 'mailbox full') RETURNING id`,
      [member.siteId, member.userId, member.email],
    )) as [[string]];
    const page = mainContent(await (await get("/admin/mail", { cookie: admin.cookie })).text());
    expect(page).toContain(member.email);
    expect(page).toContain("mailbox full");
    expect(page).toContain("example.test");
    const answers = await Promise.all(
      [1, 2].map(() => post("/admin/mail", { intent: "resend", mailId: String(mailId) }, { cookie: admin.cookie })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const [[status, attempts]] = (await sql("SELECT status, attempts FROM mail_outbox WHERE id = ?", [mailId])) as [[string, string]];
    expect([status, Number(attempts)]).toEqual(["queued", 0]);
    expect((await audit("mail", mailId)).map((entry) => entry.action)).toEqual(["resend"]);
  });
});
