/** product.md §9: the terms' version date is 2023-12-01, or the company's added date if that is later. */
export const EARLIEST_TERMS_DATE = "2023-12-01";

export function termsVersionDate(companyAdded: string): string {
  return companyAdded > EARLIEST_TERMS_DATE ? companyAdded : EARLIEST_TERMS_DATE;
}
