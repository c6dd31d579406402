/**
 * /admin/prices — a site's prices (ADR 055): its list per currency (p0–p3: credits, amount,
 * discount, the popular one) and its payment methods per country, checked as the app checks them
 * when it reads them. A change takes effect without a deploy (this isolate at once, the others
 * within the sites' minute, ADR 049); an order already started keeps its amount and credits.
 */
import { data, Form, href, Link, useNavigation } from "react-router";
import type { Route } from "./+types/admin.prices";
import { paymentMethodsOf, priceListOf, writePaymentMethods, writePriceList, type FieldErrors } from "~/admin/prices.server";
import { ActionReply } from "~/components/admin/ActionReply";
import { FieldMessage } from "~/components/forms/FieldError";
import { getServices } from "~/http/context.server";
import { readInput } from "~/http/forms.server";
import { requireAdmin } from "~/http/guards.server";
import { idParam } from "~/http/params";
import { useTranslation } from "~/i18n/translation";
import { paymentMethodKeys } from "~/sites/payment-methods";
import { PACKAGE_KEYS, packagesIn, pricedCurrencies } from "~/sites/pricing";
import { sitesById } from "~/sites/site.server";
import { siteExists } from "~/admin/site-settings-writes.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const { db, now } = getServices(context);
  const sites = [...(await sitesById(db, now().getTime())).values()];
  const wanted = idParam(new URL(request.url).searchParams.get("site") ?? "");
  const site = sites.find((item) => item.id === wanted) ?? sites.find((item) => item.isDefault) ?? sites[0];
  if (!site) throw data(null, { status: 404 });
  const currencies = [...new Set(site.prices.map((p) => p.currency))];
  return {
    sites: sites.map((item) => ({ id: item.id, name: item.name })),
    site: { id: site.id, name: site.name, countries: site.settings.countries },
    lists: currencies.map((currency) => ({ currency, packages: packagesIn(site.prices, currency) })),
    otherCurrencies: pricedCurrencies.filter((currency) => !currencies.includes(currency)),
    methods: site.settings.paymentMethods,
  };
}

type Reply = { form: string; ok: boolean; message?: string; errors?: FieldErrors };

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const { db } = getServices(context);
  const form = await readInput(request);
  const siteId = idParam(String(form.get("siteId") ?? ""));
  const intent = form.get("intent");
  const formId = String(form.get("formId") ?? "");
  if (siteId === null || !(await siteExists(db, siteId)))
    return data<Reply>({ form: formId, ok: false, errors: { form: ["admin:errors.stale"] } }, { status: 400 });
  if (intent === "prices") {
    const parsed = priceListOf(form);
    if (!parsed.ok) return data<Reply>({ form: formId, ok: false, errors: parsed.errors }, { status: 400 });
    await writePriceList(db, { actorUserId: admin.id, siteId, ...parsed.value });
    return data<Reply>({ form: formId, ok: true, message: "admin:prices.saved" });
  }
  if (intent === "methods") {
    const parsed = paymentMethodsOf(form);
    if (!parsed.ok) return data<Reply>({ form: formId, ok: false, errors: parsed.errors }, { status: 400 });
    const outcome = await writePaymentMethods(db, { actorUserId: admin.id, siteId, methods: parsed.value });
    if (outcome !== "saved")
      return data<Reply>({ form: formId, ok: false, errors: { form: ["admin:prices.errors.invalid"] } }, { status: 400 });
    return data<Reply>({ form: formId, ok: true, message: "admin:prices.saved" });
  }
  return data<Reply>({ form: formId, ok: false, errors: { form: ["admin:errors.stale"] } }, { status: 400 });
}

export default function AdminPrices({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { sites, site, lists, otherCurrencies, methods } = loaderData;
  const reply = (formId: string) => (actionData?.form === formId ? actionData : undefined);
  return (
    <main id="main">
      <h1>{t("admin:prices.title")}</h1>
      <nav aria-label={t("admin:prices.sites")}>
        <ul className="admin-inline-list">
          {sites.map((item) => (
            <li key={item.id}>
              <Link to={`${href("/admin/prices")}?site=${item.id}`} aria-current={item.id === site.id ? "page" : undefined}>
                {item.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <h2>{t("admin:prices.listsOf", { name: site.name })}</h2>
      <p className="field-hint">{t("admin:prices.explain")}</p>
      {lists.map((list) => (
        <PriceListForm
          key={list.currency}
          siteId={site.id}
          currency={list.currency}
          packages={list.packages}
          reply={reply(`prices-${list.currency}`)}
        />
      ))}
      {otherCurrencies.length > 0 && (
        <PriceListForm key="new" siteId={site.id} currency={null} choices={otherCurrencies} packages={[]} reply={reply("prices-new")} />
      )}
      <MethodsForm siteId={site.id} countries={site.countries} methods={methods} reply={reply("methods")} />
    </main>
  );
}

type Package = { packageKey: string; credits: number; amountCents: number; discountPercent: number; popular: boolean };

function PriceListForm({
  siteId,
  currency,
  choices = [],
  packages,
  reply,
}: {
  siteId: number;
  currency: string | null;
  choices?: string[];
  packages: Package[];
  reply?: Reply;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const formId = `prices-${currency ?? "new"}`;
  const errors = reply?.errors ?? {};
  const byKey = new Map(packages.map((p) => [p.packageKey, p]));
  const field = (name: string) => `${formId}-${name.replace(".", "-")}`;
  return (
    <Form method="post" className="admin-card form-stack" aria-labelledby={`${formId}-title`}>
      <h3 id={`${formId}-title`}>{currency ? t("admin:prices.listIn", { currency }) : t("admin:prices.newList")}</h3>
      <ActionReply ok={reply?.ok ?? false} message={reply?.ok ? reply.message : errors.form?.[0]} />
      <input type="hidden" name="intent" value="prices" />
      <input type="hidden" name="formId" value={formId} />
      <input type="hidden" name="siteId" value={siteId} />
      {currency ? (
        <input type="hidden" name="currency" value={currency} />
      ) : (
        <div className="form-field">
          <label htmlFor={field("currency")}>{t("admin:prices.currency")}</label>
          <select id={field("currency")} name="currency" aria-describedby={`${field("currency")}-error`}>
            {choices.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </select>
          <FieldMessage id={`${field("currency")}-error`} error={errors.currency?.[0]} />
        </div>
      )}
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th>{t("admin:prices.package")}</th>
              <th>{t("admin:columns.credits")}</th>
              <th>{t("admin:prices.amount")}</th>
              <th>{t("admin:prices.discount")}</th>
              <th>{t("admin:prices.popular")}</th>
            </tr>
          </thead>
          <tbody>
            {PACKAGE_KEYS.map((key) => {
              const current = byKey.get(key);
              return (
                <tr key={key}>
                  <th scope="row">{key}</th>
                  {(["credits", "amount", "discount"] as const).map((name) => {
                    const id = field(`${name}.${key}`);
                    const error = errors[`${name}.${key}`]?.[0];
                    const value =
                      name === "credits"
                        ? current?.credits
                        : name === "amount"
                          ? current && (current.amountCents / 100).toFixed(2)
                          : current?.discountPercent;
                    return (
                      <td key={name}>
                        <input
                          id={id}
                          name={`${name}.${key}`}
                          defaultValue={value ?? ""}
                          inputMode={name === "amount" ? "decimal" : "numeric"}
                          size={name === "amount" ? 8 : 5}
                          aria-label={t(`admin:prices.${name}Of`, { package: key })}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? `${id}-error` : undefined}
                        />
                        <FieldMessage id={`${id}-error`} error={error} />
                      </td>
                    );
                  })}
                  <td>
                    <input
                      type="radio"
                      name="popular"
                      value={key}
                      defaultChecked={current?.popular ?? false}
                      aria-label={t("admin:prices.popularOf", { package: key })}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <FieldMessage id={`${formId}-popular-error`} error={errors.popular?.[0]} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t("admin:prices.save")}
      </button>
    </Form>
  );
}

function MethodsForm({
  siteId,
  countries,
  methods,
  reply,
}: {
  siteId: number;
  countries: string[];
  methods: Record<string, string[]>;
  reply?: Reply;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const rows = [...new Set([...countries, ...Object.keys(methods).filter((key) => key !== "*"), "*"])];
  const errors = reply?.errors ?? {};
  return (
    <Form method="post" className="admin-card form-stack" aria-labelledby="methods-title">
      <h2 id="methods-title">{t("admin:prices.methods")}</h2>
      <p className="field-hint">{t("admin:prices.methodsExplain")}</p>
      <ActionReply ok={reply?.ok ?? false} message={reply?.ok ? reply.message : errors.form?.[0]} />
      <input type="hidden" name="intent" value="methods" />
      <input type="hidden" name="formId" value="methods" />
      <input type="hidden" name="siteId" value={siteId} />
      {rows.map((country) => (
        <fieldset key={country} className="admin-methods">
          <legend>{country === "*" ? t("admin:prices.anyCountry") : country}</legend>
          {paymentMethodKeys.map((method) => (
            <label key={method} className="admin-check">
              <input type="checkbox" name={`m.${country}`} value={method} defaultChecked={methods[country]?.includes(method) ?? false} />{" "}
              {method}
            </label>
          ))}
          {country === "*" && <FieldMessage id="methods-any-error" error={errors["m.*"]?.[0]} />}
        </fieldset>
      ))}
      <fieldset className="admin-methods">
        <legend>{t("admin:prices.newCountry")}</legend>
        <div className="form-field">
          <label htmlFor="methods-new-country">{t("admin:prices.countryCode")}</label>
          <input
            id="methods-new-country"
            name="newCountry"
            maxLength={2}
            size={3}
            autoCapitalize="characters"
            aria-describedby="methods-new-country-error"
          />
          <FieldMessage id="methods-new-country-error" error={errors.newCountry?.[0]} />
        </div>
        {paymentMethodKeys.map((method) => (
          <label key={method} className="admin-check">
            <input type="checkbox" name="m.new" value={method} /> {method}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t("admin:prices.save")}
      </button>
    </Form>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Console" }, { name: "robots", content: "noindex" }];
