import { useTranslation } from "~/i18n/translation";
import { Link, href } from "react-router";
import type { Route } from "./+types/activate.error";
import { ResendActivation } from "~/components/signup/ResendActivation";
import { getSite } from "~/http/context.server";
import { getI18n } from "~/http/i18n.server";
import { getUser } from "~/http/guards.server";
import type { ScriptsHandle } from "~/browser/page-scripts";

/** A visitor gets the page as plain HTML, without React (ADR 032). */
export const handle = { scripts: "signed-in" } satisfies ScriptsHandle;

/**
 * product.md §8: 'Link verlopen of invalide, vraag een nieuwe e-mail aan' for an unknown, used or
 * expired link ('Activeren mislukt' when the account itself can no longer be activated), with a
 * form to ask for a new mail: one click for the signed-in member, an address for anyone else.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = getUser(context);
  const failed = new URL(request.url).searchParams.get("reason") === "failed";
  const t = getI18n(context).t;
  return {
    message: failed ? "messages.activationFailed" : "messages.linkExpired",
    account: user ? user.status : null,
    title: `${t(failed ? "messages.activationFailed" : "signup:activationError.title")} · ${getSite(context).name}`,
  };
}

export default function ActivateError({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { account } = loaderData;
  return (
    <main id="main" className="container narrow section activate-page">
      <h1>{t("signup:activationError.title")}</h1>
      <p className="alert alert-danger" role="alert">
        {t(loaderData.message)}
      </p>
      {account === "confirmed" ? (
        <>
          <p>{t("signup:activationError.alreadyConfirmed")}</p>
          <Link to={href("/")} className="btn btn-primary">
            {t("signup:activationError.home")}
          </Link>
        </>
      ) : (
        <>
          <p>{t(account === "not_confirmed" ? "signup:activationError.resendSignedIn" : "signup:activationError.resendByEmail")}</p>
          <ResendActivation askEmail={account === null} />
        </>
      )}
    </main>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
