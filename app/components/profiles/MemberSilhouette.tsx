/**
 * A member without a photo (none yet, or none approved): a neutral silhouette with their initial,
 * never a blank tile. The figure is a CSS background (`.silhouette` in app.css), so this weighs next
 * to nothing in the JavaScript every page loads (the account menu uses it too). `className` gives it
 * the size and shape of the photo it stands in for (a tile, the swipe card, a round avatar);
 * `compact` centres a larger initial for small round avatars. Decorative unless given a `label`
 * (the name is beside it almost everywhere).
 */
export function MemberSilhouette({
  name,
  gender,
  className = "",
  compact = false,
  label,
}: {
  name: string;
  gender?: "male" | "female";
  className?: string;
  compact?: boolean;
  label?: string;
}) {
  const a11y = label ? { role: "img", "aria-label": label } : { "aria-hidden": true };
  return (
    <span className={`silhouette${gender ? ` silhouette--${gender}` : ""}${compact ? " silhouette--compact" : ""} ${className}`} {...a11y}>
      <span className="silhouette__initial">{Array.from(name.trim())[0]?.toLocaleUpperCase()}</span>
    </span>
  );
}
