import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "~/i18n/translation";
import { Form } from "react-router";
import { textMessageSchema } from "~/chat/message-text-schema";
import { FieldError, FormErrors } from "~/components/forms/FieldError";
import { IcebreakerModal } from "./IcebreakerModal";
import { COMPOSER_FORM_ID } from "./SafetyPrompt";

/**
 * The chat's footer: a text box (Enter sends, Shift+Enter starts a new line), the send button, the
 * gifts toggle and what a message costs. In a new conversation, a button opens the icebreaker
 * modal (product.md §10: opening lines to pick, at the normal message price); a pick fills the box.
 */
export function MessageComposer({
  clientKey,
  maxLength,
  messageCost,
  balance,
  lastResult,
  busy,
  giftsOpen,
  onToggleGifts,
  icebreakers = [],
  onTyping,
  onPickPhoto,
  photoBusy,
  photoCost,
  onOpenGifs,
}: {
  clientKey: string;
  maxLength: number;
  messageCost: number;
  balance: number | null;
  lastResult: SubmissionResult | null;
  busy: boolean;
  giftsOpen: boolean;
  onToggleGifts: () => void;
  icebreakers?: string[];
  /** Called on every keystroke in the box (the screen tells the partner, at most every few seconds). */
  onTyping?: () => void;
  /** A photo the member picked to send (product.md §10 "Photos in chat", at `photoCost`). */
  onPickPhoto: (file: File) => void;
  photoBusy: boolean;
  photoCost: number;
  /** Opens the GIF search. */
  onOpenGifs: () => void;
}) {
  const { t } = useTranslation();
  const schema = useMemo(() => textMessageSchema(maxLength), [maxLength]);
  const [form, fields] = useForm({
    id: COMPOSER_FORM_ID,
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  function sendOnEnter(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  }

  const [icebreakersOpen, setIcebreakersOpen] = useState(false);
  const [picked, setPicked] = useState(0);
  const box = useRef<HTMLTextAreaElement>(null);
  function pickIcebreaker(line: string) {
    form.update({ name: fields.body.name, value: line });
    setIcebreakersOpen(false);
    setPicked((count) => count + 1);
  }
  // After the modal closed (it hands focus back to its button), the filled box gets it, ready to send.
  useEffect(() => {
    if (picked > 0) box.current?.focus();
  }, [picked]);

  const length = typeof fields.body.value === "string" ? fields.body.value.length : 0;
  return (
    <Form method="post" {...getFormProps(form)} className="chat-composer">
      <input type="hidden" name="intent" value="text" />
      <input type="hidden" name="clientKey" value={clientKey} />
      <FormErrors errors={form.errors} id={form.errorId} />
      {icebreakers.length > 0 && (
        <>
          <button
            type="button"
            className="btn btn-outline btn-sm chat-composer__icebreakers"
            onClick={() => setIcebreakersOpen(true)}
            aria-haspopup="dialog"
          >
            <svg className="icon" aria-hidden="true">
              <use href="/icons.svg#chat" />
            </svg>{" "}
            {t("chat:icebreakers.open")}
          </button>
          <IcebreakerModal lines={icebreakers} open={icebreakersOpen} onClose={() => setIcebreakersOpen(false)} onPick={pickIcebreaker} />
        </>
      )}
      <div className="chat-composer__row">
        <div className="chat-composer__tools">
          <button
            type="button"
            className={`btn btn-outline chat-composer__tool${giftsOpen ? " is-active" : ""}`}
            onClick={onToggleGifts}
            aria-expanded={giftsOpen}
            aria-label={t("chat:composer.gifts")}
            title={t("chat:composer.gifts")}
          >
            <svg className="icon" aria-hidden="true">
              <use href="/icons.svg#gift" />
            </svg>
          </button>
          <label
            className={`btn btn-outline chat-composer__tool${photoBusy ? " is-busy" : ""}`}
            title={t("chat:photo.add", { count: photoCost })}
          >
            <svg className="icon" aria-hidden="true">
              <use href="/icons.svg#image" />
            </svg>
            <input
              type="file"
              accept="image/*"
              className="visually-hidden"
              aria-label={t("chat:photo.add", { count: photoCost })}
              disabled={photoBusy}
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                event.currentTarget.value = "";
                if (file) onPickPhoto(file);
              }}
            />
          </label>
          <button
            type="button"
            className="btn btn-outline chat-composer__tool"
            onClick={onOpenGifs}
            aria-haspopup="dialog"
            aria-label={t("chat:gif.open")}
            title={t("chat:gif.open")}
          >
            <svg className="icon" aria-hidden="true">
              <use href="/icons.svg#sticker" />
            </svg>
          </button>
        </div>
        <label htmlFor={fields.body.id} className="visually-hidden">
          {t("chat:composer.label")}
        </label>
        <textarea
          {...getTextareaProps(fields.body)}
          key={fields.body.key}
          ref={box}
          className="chat-composer__input"
          rows={2}
          maxLength={maxLength}
          placeholder={t("chat:composer.placeholder")}
          onKeyDown={sendOnEnter}
          onInput={onTyping}
        />
        <button type="submit" className="btn btn-primary chat-composer__send" disabled={busy}>
          {busy ? t("chat:composer.sending") : t("chat:composer.send")}
        </button>
      </div>
      <FieldError field={fields.body} values={{ max: maxLength }} />
      <p className="chat-composer__hint">
        {balance === null
          ? t("chat:composer.cost", { count: messageCost })
          : t("chat:composer.costAndBalance", { count: messageCost, balance })}
        {length > maxLength * 0.8 && (
          <span className="chat-composer__count"> · {t("chat:composer.left", { count: Math.max(maxLength - length, 0) })}</span>
        )}
      </p>
    </Form>
  );
}
