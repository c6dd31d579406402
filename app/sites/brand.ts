/**
 * A site's brand (white label, ADR 025): its two colours and its logo, from its settings. The root
 * document turns them into the CSS custom properties of app/styles/app.css in a small inline
 * `<style>`, so one stylesheet serves every site.
 */
import { z } from "zod";

const hexColour = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, "a colour as #rrggbb")
  .transform((value) => value.toLowerCase());

/** WCAG 2 relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2 contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Buttons, the top bar and badges put white text on both colours: normal text needs 4.5:1 (WCAG AA). */
export const MIN_CONTRAST_WITH_WHITE = 4.5;

/** The same colour mixed with black (`amount` 0..1): the hover and pressed shades. */
export function darken(hex: string, amount: number): string {
  const mix = (offset: number) =>
    Math.round(Number.parseInt(hex.slice(offset, offset + 2), 16) * (1 - amount))
      .toString(16)
      .padStart(2, "0");
  return `#${mix(1)}${mix(3)}${mix(5)}`;
}

const readableOnWhite = (colour: string) => contrastRatio(colour, "#ffffff") >= MIN_CONTRAST_WITH_WHITE;

/** Today's colours of app/styles/app.css: a site without a brand looks as before. */
export const defaultBrand = { primary: "#8b1226", secondary: "#e0203a" } as const;

export const brandSchema = z
  .object({
    primary: hexColour.refine(readableOnWhite, { message: `white text on it needs a contrast of ${MIN_CONTRAST_WITH_WHITE}:1` }),
    secondary: hexColour.refine(readableOnWhite, { message: `white text on it needs a contrast of ${MIN_CONTRAST_WITH_WHITE}:1` }),
    /** A picture under public/ (e.g. `/brands/flirtparadijs.svg`), shown beside the site's name; none: a heart. */
    logo: z
      .string()
      .regex(/^\/(?!\/)[\w./-]+\.(svg|png|webp)$/, "a path under public/, e.g. /brands/site.svg")
      .refine((path) => !path.includes(".."), "no .. in the path")
      .optional(),
  })
  .default(defaultBrand);
export type Brand = z.infer<typeof brandSchema>;

/**
 * The rules that give the site its colours and logo (validated values only: hex colours and a path
 * without quotes or brackets, safe in a style element). The logo replaces the top bar's heart by
 * CSS, so the white label costs the pages no JavaScript.
 */
export function brandCss(brand: Brand): string {
  const colours = `:root{--color-primary:${brand.primary};--color-primary-dark:${darken(brand.primary, 0.23)};--color-secondary:${brand.secondary};--color-secondary-dark:${darken(brand.secondary, 0.18)}}`;
  return brand.logo
    ? `${colours}.topnav__brand .topnav__logo{background:url(${brand.logo}) center/contain no-repeat;color:transparent}`
    : colours;
}
