/**
 * What the operator's member actions send to the member, in the member's language and from the
 * member's own site (not the operator's): the ban and unban notices, the activation mail again,
 * and a password reset link.
 */
import type { BatchItem } from "drizzle-orm/batch";
import { sendActivationMail } from "~/accounts/activation.server";
import { requestPasswordReset } from "~/accounts/password-reset.server";
import { isDevelopment } from "~/env.server";
import { mailInBatch, type MailDeps } from "~/mail/mail.server";
import { siteOrigin, sitesById, type Site } from "~/sites/site.server";
import type { AccountFacts } from "./members.server";
import * as urls from "~/urls";

type Deps = Omit<MailDeps, "site">;

export async function memberSite(deps: Deps, account: Pick<AccountFacts, "siteId">): Promise<Site> {
  const site = (await sitesById(deps.db)).get(account.siteId);
  if (!site) throw new Error(`no site ${account.siteId}`);
  return site;
}

const link = (deps: Deps, site: Site, request: Request, path: string) =>
  new URL(path, siteOrigin(site, request, { development: isDevelopment(deps.env) })).toString();

/**
 * The mail that tells a member of a ban or its end, to write in the batch of that change
 * (`banAccount`, `unbanAccount`; ADR 056): recorded only if the change happens.
 */
export async function banNotice(deps: Deps, request: Request, account: AccountFacts, input: { banned: boolean; reason: string }) {
  const site = await memberSite(deps, account);
  return mailInBatch(
    { ...deps, site },
    {
      template: input.banned ? "account_banned" : "account_unbanned",
      to: account.email,
      userId: account.id,
      locale: account.language,
      params: {
        name: account.name ?? account.email,
        link: link(deps, site, request, input.banned ? urls.page("ban") : urls.login),
        reason: input.reason,
      },
    },
  );
}

/** `alongside`: written with the mail's outbox row (the console's audit entry). */
export async function resendActivationFor(deps: Deps, request: Request, account: AccountFacts, alongside: BatchItem<"sqlite">[]) {
  const site = await memberSite(deps, account);
  await sendActivationMail(
    { ...deps, site },
    request,
    { id: account.id, email: account.email, language: account.language, name: account.name ?? account.email },
    alongside,
  );
}

/** `alongside`: written with the reset mail's outbox row, only when a mail goes out (the console's audit entry). */
export async function sendResetFor(deps: Deps, request: Request, account: AccountFacts, adminId: number, alongside: BatchItem<"sqlite">[]) {
  const site = await memberSite(deps, account);
  return requestPasswordReset({ ...deps, site }, { email: account.email, ip: `admin:${adminId}`, request, alongside });
}
