/**
 * The one password length rule of every form (signup, reset, settings, login): at least 8
 * characters, and at most 256 so nobody can make the server hash megabytes.
 */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;
