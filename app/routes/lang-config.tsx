import { useTranslation } from "~/i18n/translation";
import { data, Form, redirect, href } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/lang-config";
import { getServices, getSite } from "~/http/context.server";
import { getI18n, getLocale } from "~/http/i18n.server";
import { languageNames, supportedLanguages, visibleLanguages, type Language } from "~/i18n/languages";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { localeCookie } from "~/http/cookies.server";
import { readInput } from "~/http/forms.server";
import type { ScriptsHandle } from "~/browser/page-scripts";

/** A visitor gets the page as plain HTML, without React (ADR 032). */
export const handle = { scripts: "signed-in" } satisfies ScriptsHandle;

const languageForm = z.object({
  locale: z.enum(supportedLanguages),
  redirectTo: z.string().optional(),
});

export async function loader({ context }: Route.LoaderArgs) {
  const { country } = getServices(context);
  const site = getSite(context);
  const t = getI18n(context).t;
  return {
    current: getLocale(context) as Language,
    suggested: visibleLanguages(country, site.domainLanguage),
    title: `${t("langConfig.title")} · ${site.name}`,
  };
}

/** Sets the `locale` cookie (365 days) and returns to where the visitor was. */
export async function action({ request }: Route.ActionArgs) {
  const parsed = await readInput(request, languageForm, { from: "values" });
  if (!parsed.success) {
    return data({ error: "language.invalid" as const }, { status: 400 });
  }
  return redirect(safeRedirectPath(parsed.data.redirectTo), {
    headers: { "Set-Cookie": localeCookie.set(request, parsed.data.locale) },
  });
}

export default function LangConfig({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const others = supportedLanguages.filter((language) => !loaderData.suggested.includes(language));
  const option = (language: Language) => (
    <li key={language}>
      <button
        type="submit"
        name="locale"
        value={language}
        lang={language}
        className={`lang-option${language === loaderData.current ? " lang-option--current" : ""}`}
        aria-pressed={language === loaderData.current}
      >
        {languageNames[language]}
      </button>
    </li>
  );
  return (
    <div className="container narrow lang-config">
      <h1>{t("langConfig.title")}</h1>
      <p>{t("langConfig.intro")}</p>
      {actionData?.error && (
        <p className="alert alert-danger" role="alert">
          {t(actionData.error)}
        </p>
      )}
      <Form method="post">
        <input type="hidden" name="redirectTo" value={href("/")} />
        <h2 className="h5">{t("langConfig.suggested")}</h2>
        <ul className="lang-options">{loaderData.suggested.map(option)}</ul>
        <h2 className="h5">{t("langConfig.other")}</h2>
        <ul className="lang-options">{others.map(option)}</ul>
      </Form>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];
