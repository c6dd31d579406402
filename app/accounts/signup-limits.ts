/** A whole network range (/24, /48) gets more room than one address (a shared office or campus), but not unlimited (ADR 053). */
export const SIGNUPS_PER_NETWORK_PER_HOUR = 20;
