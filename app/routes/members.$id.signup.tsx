import { useTranslation } from "~/i18n/translation";
import { redirect, href } from "react-router";
import { serverOnly$ } from "vite-env-only/macros";
import type { Route } from "./+types/members.$id.signup";
import { accountFormConfig, signupGate } from "~/accounts/signup.server";
import { landerMeta } from "~/components/landers/lander-meta";
import { MemberInView } from "~/components/landers/MemberLanders";
import { AccountForm } from "~/components/signup/AccountForm";
import { InviteOnly } from "~/components/signup/InviteOnly";
import { getServices, getSite } from "~/http/context.server";
import { trackingOf } from "~/http/cookies.server";
import { readInput } from "~/http/forms.server";
import { getUser } from "~/http/guards.server";
import { loadMemberLander } from "~/routes/landers.server";
import { signUpWithAccountForm } from "~/routes/signup-account.server";

/**
 * /members/{id}/signup: signing up with one member in view (product.md §10 "Landers"). The account
 * form is the one of /signup, sent as a plain form post (ADR 030); the new member then goes on to
 * that member's profile. Someone signed in goes there at once; an unknown member is the site's 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const page = await loadMemberLander(context, request, { id: params.id, variant: "signup" });
  if (getUser(context)) throw redirect(href("/members/:id", { id: String(page.teaser.card.id) }));
  const site = getSite(context);
  const { country, now } = getServices(context);
  return { ...page, gate: signupGate(site.settings, trackingOf(request)), config: accountFormConfig(site, country, now()) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const page = await loadMemberLander(context, request, { id: params.id, variant: "signup" });
  const profile = href("/members/:id", { id: String(page.teaser.card.id) });
  return signUpWithAccountForm(request, context, await readInput(request), { next: profile, signedIn: profile });
}

export const meta: Route.MetaFunction = landerMeta;

function MemberSignup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { teaser } = loaderData;
  return (
    <main id="main" className="container section member-signup">
      <MemberInView teaser={teaser} />
      <section className="member-signup__form signup-page">
        {loaderData.gate === "open" ? (
          <>
            <h1>{t("landers:member.signupTitle", { name: teaser.card.name })}</h1>
            <p className="lead">{t("signup:account.intro")}</p>
            <AccountForm
              config={loaderData.config}
              actionData={actionData && "result" in actionData ? actionData : undefined}
              pending={false}
              action={href("/members/:id/signup", { id: String(teaser.card.id) })}
            />
          </>
        ) : (
          <InviteOnly />
        )}
      </section>
    </main>
  );
}

/** Rendered on the server only (ADR 030): the client build has none of it. */
export default serverOnly$(MemberSignup);
