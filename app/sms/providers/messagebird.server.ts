/**
 * MessageBird's SMS API (https://developers.messagebird.com/api/sms-messaging/#send-outbound-sms):
 * one JSON POST over fetch with `Authorization: AccessKey …`, so it runs in a Worker as it is.
 */
import { SmsDeliveryError, type SmsMessage, type SmsProvider } from "./provider.server";

export const MESSAGEBIRD_ENDPOINT = "https://rest.messagebird.com/messages";
const TIMEOUT_MS = 10_000;

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

export type MessageBirdOptions = {
  accessKey: string;
  /** A test passes a fake; the default calls the global fetch (never detached: workerd needs its `this`). */
  fetch?: Fetch;
};

function requestBody(message: SmsMessage) {
  return {
    originator: message.originator,
    // MessageBird takes MSISDNs: the international number without the plus.
    recipients: [message.to.replace(/^\+/, "")],
    body: message.body,
    reference: message.reference,
    // Plain GSM when the text allows it, Unicode for e.g. Polish letters.
    datacoding: "auto",
  };
}

/** MessageBird answers errors as `{ errors: [{ code, description, parameter }] }`. */
async function errorOf(response: Response): Promise<SmsDeliveryError> {
  const text = await response.text().catch(() => "");
  let detail = text.slice(0, 300);
  try {
    const parsed = JSON.parse(text) as { errors?: { code?: unknown; description?: unknown; parameter?: unknown }[] };
    const descriptions = (parsed.errors ?? [])
      .map((error) => [error.description, error.parameter ? `(${String(error.parameter)})` : ""].filter(Boolean).join(" "))
      .filter(Boolean);
    if (descriptions.length > 0) detail = descriptions.join("; ");
  } catch {
    // not JSON: keep the start of the body
  }
  return new SmsDeliveryError(`MessageBird answered ${response.status}${detail ? `: ${detail}` : ""}`, response.status);
}

export function messageBirdProvider({ accessKey, fetch: send = (input, init) => fetch(input, init) }: MessageBirdOptions): SmsProvider {
  return {
    name: "messagebird",
    async send(message) {
      let response: Response;
      try {
        response = await send(MESSAGEBIRD_ENDPOINT, {
          method: "POST",
          headers: {
            Authorization: `AccessKey ${accessKey}`,
            "Content-Type": "application/json",
            Accept: "application/json",
          },
          body: JSON.stringify(requestBody(message)),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new SmsDeliveryError(`MessageBird could not be reached: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (!response.ok) throw await errorOf(response);
      const body = (await response.json().catch(() => null)) as { id?: unknown } | null;
      if (typeof body?.id !== "string" || body.id === "")
        throw new SmsDeliveryError("MessageBird accepted the text but returned no id", response.status);
      return { id: body.id };
    },
  };
}
