/**
 * The mail templates: each is a section of `locales/<lng>/mail.json` with `subject`, `preheader`,
 * `paragraphs`, `action` and `notice`, and says whether it is a notification.
 *
 * product.md §10 "Notifications": every notification e-mail carries one-click unsubscribe (RFC
 * 8058). Account mails (activation, password reset, mail change, account deleted) are
 * transactional: a member cannot switch them off, so they carry no unsubscribe link.
 */
export const mailTemplates = {
  activation: { notification: false },
  password_reset: { notification: false },
  mail_change: { notification: false },
  account_deleted: { notification: false },
  /** The confirmation of a complaint or report filed on /complaints. */
  complaint_received: { notification: false },
  /** The 6-digit code of the admin step-up (ADR 054). */
  admin_code: { notification: false },
  /**
   * The account was banned, by a moderator or an operator; says how to appeal (ADR 053), and the
   * reason when the operator gave one (its `reason` paragraph, ADR 055).
   */
  account_banned: { notification: false },
  /** An operator lifted the ban (with the reason). */
  account_unbanned: { notification: false },
  /** A moderator warns a member about what they wrote in a chat (ADR 053). */
  safety_warning: { notification: false },
  /** A report from a chat was handled; never says what was done to the other member (ADR 053). */
  report_handled: { notification: false },
  /** Someone started a conversation with the member (notification type new_conversations). */
  new_conversation: { notification: true },
  /** A new message in a conversation the member has read up to now (notification type new_messages). */
  new_message: { notification: true },
  /** Messages have waited unread for half a day; at most one a day (notification type unread_message_reminders). */
  unread_reminder: { notification: true },
} as const satisfies Record<string, { notification: boolean }>;

export type MailTemplate = keyof typeof mailTemplates;

export const mailTemplateNames = Object.keys(mailTemplates) as MailTemplate[];

export function isNotificationTemplate(template: MailTemplate): boolean {
  const spec: { notification: boolean } = mailTemplates[template];
  return spec.notification;
}
