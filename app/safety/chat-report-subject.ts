/** The subject a report from a chat is stored with (ADR 053); the moderation screen shows it translated. */
export const CHAT_REPORT_SUBJECT = "chat_report";
