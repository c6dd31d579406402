/**
 * The two parts of every mail, built from translated texts: a plain-text part and a simple,
 * table-based HTML part with inline styles only (mail clients drop <style> blocks and external CSS).
 * Every text is escaped here, so names and links from members can never inject markup.
 */

export type MailContent = {
  /** The mail's language (the HTML `lang`). */
  language: string;
  siteName: string;
  /** The site's primary colour (its brand settings, ADR 025); default the original dark red. */
  brandColor?: string;
  subject: string;
  /** The line mail clients show after the subject in the inbox list. */
  preheader: string;
  greeting: string;
  paragraphs: string[];
  action: { label: string; url: string };
  /** "Button not working? Copy this link:" above the plain link. */
  linkFallback: string;
  /** The closing remark below the button (e.g. "didn't ask for this? ignore this mail"). */
  notice: string;
  signoff: string[];
  footer: {
    reason: string;
    noReply: string;
    company: string;
    supportEmail: string;
    /** Notification mails only: the one-click unsubscribe link. */
    unsubscribe?: { label: string; url: string };
  };
};

/**
 * The outbox stores a mail's two parts, not its headers; a notification's unsubscribe URL travels
 * in this <meta> of the HTML part so a retry by the cron sends the same List-Unsubscribe headers.
 */
const UNSUBSCRIBE_META = "x-list-unsubscribe";

const defaultColors = { brand: "#8b1226", text: "#1f1b1d", muted: "#5f5759", page: "#f6f1f2", card: "#ffffff" };
const font = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif";

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** The plain-text part: what a text-only client shows, and what the HTML part says, in order. */
export function mailText(content: MailContent): string {
  const blocks = [
    content.greeting,
    ...content.paragraphs,
    `${content.action.label}:\n${content.action.url}`,
    content.notice,
    content.signoff.join("\n"),
    "--",
    [content.footer.reason, content.footer.noReply, content.footer.company].join("\n"),
  ];
  if (content.footer.unsubscribe) blocks.push(`${content.footer.unsubscribe.label}: ${content.footer.unsubscribe.url}`);
  return `${blocks.join("\n\n")}\n`;
}

/** An escaped text in which the support address becomes a mailto link. */
function withSupportLink(text: string, supportEmail: string, style: string): string {
  const escapedEmail = escapeHtml(supportEmail);
  return escapeHtml(text).split(escapedEmail).join(`<a href="mailto:${escapedEmail}" style="${style}">${escapedEmail}</a>`);
}

const paragraph = (html: string, style = "") => `<p style="margin:0 0 16px;${style}">${html}</p>`;

/** The HTML part: site header, the message with one button, and the footer. */
export function mailHtml(content: MailContent): string {
  const colors = { ...defaultColors, brand: content.brandColor ?? defaultColors.brand };
  const link = escapeHtml(content.action.url);
  const footerLink = `color:${colors.muted};text-decoration:underline;`;
  const unsubscribe = content.footer.unsubscribe;
  return `<!doctype html>
<html lang="${escapeHtml(content.language)}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">${unsubscribe ? `\n<meta name="${UNSUBSCRIBE_META}" content="${escapeHtml(unsubscribe.url)}">` : ""}
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:${colors.page};">
<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;">${escapeHtml(content.preheader)}&#8199;&#65279;&#8199;&#65279;&#8199;&#65279;&#8199;&#65279;</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${colors.page};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;">
<tr><td style="background-color:${colors.brand};border-radius:8px 8px 0 0;padding:20px 28px;font-family:${font};font-size:22px;font-weight:bold;line-height:1.3;color:#ffffff;">${escapeHtml(content.siteName)}</td></tr>
<tr><td style="background-color:${colors.card};border-radius:0 0 8px 8px;padding:28px;font-family:${font};font-size:16px;line-height:1.6;color:${colors.text};">
${paragraph(escapeHtml(content.greeting))}
${content.paragraphs.map((text) => paragraph(escapeHtml(text))).join("\n")}
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;">
<tr><td align="center" bgcolor="${colors.brand}" style="border-radius:6px;background-color:${colors.brand};"><a href="${link}" target="_blank" style="display:inline-block;padding:14px 28px;font-family:${font};font-size:16px;font-weight:bold;line-height:1.2;color:#ffffff;text-decoration:none;border-radius:6px;">${escapeHtml(content.action.label)}</a></td></tr>
</table>
${paragraph(`${escapeHtml(content.linkFallback)}<br><a href="${link}" target="_blank" style="color:${colors.brand};word-break:break-all;">${link}</a>`, `font-size:14px;color:${colors.muted};`)}
${paragraph(withSupportLink(content.notice, content.footer.supportEmail, `color:${colors.brand};`), `font-size:14px;color:${colors.muted};`)}
${paragraph(content.signoff.map(escapeHtml).join("<br>"), "margin:0;")}
</td></tr>
<tr><td style="padding:20px 28px;font-family:${font};font-size:12px;line-height:1.5;color:${colors.muted};text-align:center;">
${paragraph(escapeHtml(content.footer.reason), "margin:0 0 8px;")}
${paragraph(withSupportLink(content.footer.noReply, content.footer.supportEmail, footerLink), "margin:0 0 8px;")}
${paragraph(escapeHtml(content.footer.company), "margin:0;")}${unsubscribe ? `\n${paragraph(`<a href="${escapeHtml(unsubscribe.url)}" style="${footerLink}">${escapeHtml(unsubscribe.label)}</a>`, "margin:8px 0 0;")}` : ""}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/** The unsubscribe URL a notification's HTML part carries (see UNSUBSCRIBE_META), or null. */
export function unsubscribeUrlOf(html: string): string | null {
  const match = new RegExp(`<meta name="${UNSUBSCRIBE_META}" content="([^"]*)">`).exec(html);
  if (!match) return null;
  return match[1]!.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_, entity: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" })[entity]!,
  );
}
