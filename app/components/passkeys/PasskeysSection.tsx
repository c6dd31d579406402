/**
 * The member's passkeys in settings: the list (from `listPasskeys` in the page's loader), removing
 * one, and adding a new one. After a change the page's loaders run again (useRevalidator). Adding
 * one needs a recent sign-in (ADR 039): without it, `reauthentication` takes the add form's place.
 */
import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "~/i18n/translation";
import { useRevalidator } from "react-router";
import { useFormat } from "~/i18n/format";
import { callPasskeyApi, ceremonyErrorKey, loadWebAuthn, useWebAuthnSupport } from "./passkey-client";

export type PasskeysSectionProps = {
  passkeys: { id: string; name: string | null; createdAt: string; lastUsedAt: string | null }[];
  /** What the page said after the member confirmed it is them. */
  notice?: string;
  /** The form that asks the member to confirm it is them, when adding a passkey needs it; null when not. */
  reauthentication?: ReactNode;
};

type Status = { kind: "success" | "danger"; text: string } | null;

const NAME_MAX_LENGTH = 60;

export function PasskeysSection({ passkeys, notice, reauthentication = null }: PasskeysSectionProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const revalidator = useRevalidator();
  const supported = useWebAuthnSupport();
  const [busy, setBusy] = useState<string | null>(null);
  // Buttons wait for hydration (support is known from then on), so no click is lost before it.
  const idle = busy === null && supported !== null;
  const [confirming, setConfirming] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [name, setName] = useState("");
  // Once the member has confirmed it is them, the request to do so is old news.
  const asking = reauthentication !== null;
  useEffect(() => {
    if (!asking) setStatus((current) => (current?.kind === "danger" ? null : current));
  }, [asking]);

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy("add");
    setStatus(null);
    try {
      const options = await callPasskeyApi<{ challengeId: string; options: PublicKeyCredentialCreationOptionsJSON }>(
        "register-options",
        {},
      );
      if (!options.ok) {
        setStatus({ kind: "danger", text: options.error ?? t("messages.generic") });
        // Perhaps the sign-in grew too old while the page was open: the loader says so, and the form to confirm appears.
        return void (await revalidator.revalidate());
      }
      const { startRegistration } = await loadWebAuthn();
      let response: Awaited<ReturnType<typeof startRegistration>>;
      try {
        response = await startRegistration({ optionsJSON: options.data.options });
      } catch (failure) {
        return setStatus({ kind: "danger", text: t(ceremonyErrorKey(failure, "auth:passkeys.registerFailed")) });
      }
      const result = await callPasskeyApi("register", { challengeId: options.data.challengeId, response, name: name.trim() || null });
      if (!result.ok) return setStatus({ kind: "danger", text: result.error ?? t("messages.generic") });
      setName("");
      setStatus({ kind: "success", text: t("auth:passkeys.added") });
      await revalidator.revalidate();
    } finally {
      setBusy(null);
    }
  }

  async function remove(id: string) {
    setBusy(id);
    setStatus(null);
    try {
      const result = await callPasskeyApi("remove", { id });
      setConfirming(null);
      if (!result.ok) return setStatus({ kind: "danger", text: result.error ?? t("messages.generic") });
      setStatus({ kind: "success", text: t("auth:passkeys.removed") });
      await revalidator.revalidate();
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="passkeys" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title">{t("auth:passkeys.title")}</h2>
      <p className="field-hint">{t("auth:passkeys.intro")}</p>
      {notice && !status ? (
        <div className="alert alert-success" role="status">
          <p>{notice}</p>
        </div>
      ) : null}
      {status ? (
        <div className={`alert alert-${status.kind}`} role={status.kind === "danger" ? "alert" : "status"}>
          <p>{status.text}</p>
        </div>
      ) : null}
      {passkeys.length === 0 ? (
        <p className="passkeys__empty">{t("auth:passkeys.empty")}</p>
      ) : (
        <ul className="passkey-list">
          {passkeys.map((passkey, index) => {
            const label = passkey.name ?? t("auth:passkeys.defaultName", { number: index + 1 });
            return (
              <li key={passkey.id} className="passkey-list__item">
                <div className="passkey-list__text">
                  <strong>{label}</strong>
                  <span className="field-hint">
                    {t("auth:passkeys.created", { date: format.date(new Date(passkey.createdAt)) })}
                    {" · "}
                    {passkey.lastUsedAt
                      ? t("auth:passkeys.lastUsed", { date: format.date(new Date(passkey.lastUsedAt)) })
                      : t("auth:passkeys.neverUsed")}
                  </span>
                </div>
                {confirming === passkey.id ? (
                  <div className="passkey-list__actions">
                    <span role="status">{t("auth:passkeys.confirmRemove", { name: label })}</span>
                    <button type="button" className="btn btn-sm btn-primary" onClick={() => remove(passkey.id)} disabled={!idle}>
                      {t("auth:passkeys.confirmYes")}
                    </button>
                    <button type="button" className="btn btn-sm btn-link" onClick={() => setConfirming(null)} disabled={!idle}>
                      {t("auth:passkeys.confirmNo")}
                    </button>
                  </div>
                ) : (
                  <div className="passkey-list__actions">
                    <button
                      type="button"
                      className="btn btn-sm btn-outline"
                      onClick={() => setConfirming(passkey.id)}
                      disabled={!idle}
                      aria-label={t("auth:passkeys.removeNamed", { name: label })}
                    >
                      {t("auth:passkeys.remove")}
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {supported === false ? (
        <p className="alert alert-warning">{t("auth:passkeys.unsupported")}</p>
      ) : reauthentication ? (
        reauthentication
      ) : (
        <form className="passkey-add" onSubmit={add}>
          <div className="form-field">
            <label htmlFor="passkey-name">{t("auth:passkeys.nameLabel")}</label>
            <input
              id="passkey-name"
              name="name"
              type="text"
              maxLength={NAME_MAX_LENGTH}
              value={name}
              onChange={(event) => setName(event.target.value)}
              placeholder={t("auth:passkeys.namePlaceholder")}
              autoComplete="off"
            />
          </div>
          <button type="submit" className="btn btn-primary" disabled={!idle || !supported} aria-busy={busy === "add"}>
            {t("auth:passkeys.add")}
          </button>
        </form>
      )}
    </section>
  );
}
