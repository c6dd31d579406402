/**
 * Phone numbers as members type them, made E.164 (`+31612345678`) for texts. A national number
 * (`06 12345678`) takes the member's country's calling code; an international one (`+32 470 12 34 56`,
 * `0049 151 2345678`, `+31 (0)6 …`) keeps its own. Lengths are checked for the countries the sites
 * serve; elsewhere only E.164's limits apply. Pure: shared by the form (browser) and the server.
 */

type Plan = {
  /** The calling code, without the plus. */
  code: string;
  /** Whether national numbers start with a trunk 0 that the international form drops. */
  trunk: boolean;
  /** Digits after the calling code (and without the trunk 0). */
  min: number;
  max: number;
};

const plans: Record<string, Plan> = {
  NL: { code: "31", trunk: true, min: 9, max: 9 },
  BE: { code: "32", trunk: true, min: 8, max: 9 },
  DE: { code: "49", trunk: true, min: 6, max: 13 },
  AT: { code: "43", trunk: true, min: 4, max: 13 },
  CH: { code: "41", trunk: true, min: 9, max: 9 },
  LU: { code: "352", trunk: false, min: 4, max: 11 },
  FR: { code: "33", trunk: true, min: 9, max: 9 },
  GB: { code: "44", trunk: true, min: 9, max: 10 },
  IE: { code: "353", trunk: true, min: 7, max: 9 },
  ES: { code: "34", trunk: false, min: 9, max: 9 },
  IT: { code: "39", trunk: false, min: 6, max: 11 },
  PL: { code: "48", trunk: false, min: 9, max: 9 },
  SE: { code: "46", trunk: true, min: 7, max: 9 },
  NO: { code: "47", trunk: false, min: 8, max: 8 },
  DK: { code: "45", trunk: false, min: 8, max: 8 },
  FI: { code: "358", trunk: true, min: 5, max: 12 },
  US: { code: "1", trunk: false, min: 10, max: 10 },
};

/** The longest phone number a member may type (spaces and punctuation included). */
export const MAX_PHONE_INPUT = 24;

/** The plan of a calling code at the start of `digits` (international digits, no plus). */
function planByCode(digits: string): Plan | null {
  for (const length of [3, 2, 1]) {
    const code = digits.slice(0, length);
    const plan = Object.values(plans).find((p) => p.code === code);
    if (plan) return plan;
  }
  return null;
}

function withPlan(plan: Plan, national: string): string | null {
  const significant = plan.trunk && national.startsWith("0") ? national.slice(1) : national;
  if (significant.startsWith("0")) return null;
  if (significant.length < plan.min || significant.length > plan.max) return null;
  return `+${plan.code}${significant}`;
}

/**
 * E.164 for what the member typed, or null when it is not a phone number. `country` (ISO alpha-2,
 * the member's) gives national numbers their calling code; without a known country a number must
 * be international.
 */
export function normalizePhone(input: string, country: string | null | undefined): string | null {
  if (input.length > MAX_PHONE_INPUT) return null;
  // "+31 (0)6 …": the optional trunk 0 in brackets is not dialled from abroad.
  const cleaned = input.trim().replace(/\(0\)/g, "");
  if (!/^\+?[\d\s().\-/]+$/.test(cleaned)) return null;
  let digits = cleaned.replace(/[\s().\-/]/g, "");
  let international = false;
  if (digits.startsWith("+")) {
    international = true;
    digits = digits.slice(1);
  } else if (digits.startsWith("00")) {
    international = true;
    digits = digits.slice(2);
  }
  if (!/^\d+$/.test(digits)) return null;

  if (!international) {
    const plan = country ? plans[country.toUpperCase()] : undefined;
    return plan ? withPlan(plan, digits) : null;
  }
  if (digits.startsWith("0")) return null;
  const plan = planByCode(digits);
  if (plan) return withPlan(plan, digits.slice(plan.code.length));
  // Any other country: what E.164 allows (up to 15 digits; shorter than 8 is no mobile anywhere).
  return digits.length >= 8 && digits.length <= 15 ? `+${digits}` : null;
}

/** For the screen: `+31 ••••••• 78` (enough for the member to recognise their number). */
export function maskPhone(e164: string): string {
  const digits = e164.replace(/^\+/, "");
  const plan = planByCode(digits);
  const codeLength = plan ? plan.code.length : Math.min(3, Math.max(digits.length - 4, 1));
  const code = digits.slice(0, codeLength);
  const rest = digits.slice(codeLength);
  const shown = rest.slice(-2);
  return `+${code} ${"•".repeat(Math.max(rest.length - shown.length, 0))} ${shown}`;
}
