/** Age in whole years on `today` for an ISO birth date (YYYY-MM-DD). */
export function ageOn(birthDate: string, today: Date): number {
  const [year, month, day] = birthDate.split("-").map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - year;
  const beforeBirthday = today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

/** An ISO date (YYYY-MM-DD) moved by whole years; ISO dates compare as text, so this bounds age bands. */
export function shiftYears(isoDate: string, years: number): string {
  const year = Number(isoDate.slice(0, 4)) + years;
  return `${String(year).padStart(4, "0")}${isoDate.slice(4)}`;
}
