import { useLocation, href } from "react-router";
import type { AccountFormConfig } from "~/accounts/signup-schema";
import type { SignupGate } from "~/accounts/signup.server";
import { useTranslation } from "~/i18n/translation";
import { AccountForm } from "./AccountForm";
import { InviteOnly } from "./InviteOnly";

/** What the dialog shows: the account form's settings for a visitor (app/routes/signup-account.server.ts). */
export type SignupDialogData = { gate: SignupGate; config: AccountFormConfig };

/**
 * product.md §2 "Signup modal" on a visitor's page without React (ADR 032): the account form,
 * rendered on the server in a closed `<dialog>` that ./signup-dialog.inline.js opens for plain left
 * clicks on links to /signup. The form waits in a `<template>` until then, so the page holds no second
 * set of fields (for password managers, screen readers and labels) while the dialog is closed. It posts to /signup like the page's own form (the landing's query
 * travels along), and a refused post shows its errors there. Without the script the links simply
 * go to /signup. Hydrated pages have SignupModalOpener instead.
 */
export function SignupDialog({ data }: { data: SignupDialogData }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <dialog id="signup-dialog" className="signup-modal" aria-label={t("signup:title")}>
      <template>
        <div className="signup-modal__body">
          <button type="button" className="signup-modal__close" data-close aria-label={t("signup:modal.close")}>
            ×
          </button>
          {data.gate !== "open" ? (
            <InviteOnly />
          ) : (
            <>
              <h2>{t("signup:account.title")}</h2>
              <p className="lead">{t("signup:modal.intro")}</p>
              <AccountForm
                id="signup-dialog-account"
                action={`${href("/signup")}${location.search}`}
                config={data.config}
                pending={false}
              />
            </>
          )}
        </div>
      </template>
    </dialog>
  );
}
