import { href } from "react-router";
import { useEffect, useState, type ReactNode, type SelectHTMLAttributes } from "react";
import { useTranslation } from "~/i18n/translation";
import { roundedForRequest } from "~/geo/coordinates";
import { callApi } from "~/utils/call-api";

/** product.md §3 "Geolocation permission (unsupported, unknown, or the browser state)". */
export type GeolocationPermission = "unsupported" | "unknown" | PermissionState;

/** product.md §9: a position the browser found within the last hour is good enough. */
export const GEOLOCATION_MAX_AGE_MS = 60 * 60 * 1000;
const GEOLOCATION_TIMEOUT_MS = 15_000;

/** The answer of GET /api/geocode.php: the site's country and its nearest region (product.md §3 "geocode"). */
export type Geocode = { country: string; region: { id: number; code: string; name: string } };

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "value" | "defaultValue" | "onChange" | "children"> & {
  name: string;
  id: string;
};

function useGeolocationPermission(): GeolocationPermission {
  const [permission, setPermission] = useState<GeolocationPermission>("unknown");
  useEffect(() => {
    if (!("geolocation" in navigator)) {
      setPermission("unsupported");
      return;
    }
    let status: PermissionStatus | null = null;
    let active = true;
    const update = () => status && setPermission(status.state);
    navigator.permissions
      ?.query({ name: "geolocation" })
      .then((result) => {
        if (!active) return;
        status = result;
        update();
        status.addEventListener("change", update);
      })
      // No Permissions API for geolocation (older Safari): the state stays unknown until asked.
      .catch(() => undefined);
    return () => {
      active = false;
      status?.removeEventListener("change", update);
    };
  }, []);
  return permission;
}

function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(resolve, reject, {
      maximumAge: GEOLOCATION_MAX_AGE_MS,
      timeout: GEOLOCATION_TIMEOUT_MS,
      enableHighAccuracy: false,
    }),
  );
}

type LookupState = { state: "idle" } | { state: "active" } | { state: "done"; geocode: Geocode } | { state: "error"; message: string };

/**
 * The location options (product.md §2): the country (when the site serves several) and its region,
 * plus the geolocation button (states active and error). The button asks the browser for the
 * position, sends it rounded to /api/geocode.php and selects the country and region it answers;
 * the coordinates themselves are never stored (product.md §10).
 */
export function LocationPicker({
  countries,
  regions,
  defaultCountry,
  defaultRegion,
  countryProps,
  regionProps,
  countryError,
  regionError,
}: {
  /** The countries to choose from, named by the server (ICU's first use is a long task on a phone). */
  countries: readonly { code: string; name: string }[];
  /** The regions of each country, by name. */
  regions: Record<string, { id: number; name: string }[]>;
  defaultCountry: string;
  defaultRegion: string;
  /** The country select's attributes (null: the country is fixed and not part of the form). */
  countryProps: SelectProps | null;
  regionProps: SelectProps;
  countryError?: ReactNode;
  regionError?: ReactNode;
}) {
  const { t } = useTranslation();
  const [country, setCountry] = useState(defaultCountry);
  const [region, setRegion] = useState(defaultRegion);
  const [lookup, setLookup] = useState<LookupState>({ state: "idle" });
  const permission = useGeolocationPermission();
  const nameOf = (code: string) => countries.find((one) => one.code === code)?.name ?? code;
  const options = regions[country] ?? [];

  async function locate() {
    setLookup({ state: "active" });
    let position: GeolocationPosition;
    try {
      position = await currentPosition();
    } catch (error) {
      const denied = (error as GeolocationPositionError | undefined)?.code === 1;
      setLookup({ state: "error", message: t(denied ? "members:location.denied" : "members:location.unavailable") });
      return;
    }
    const query = new URLSearchParams(roundedForRequest(position.coords.latitude, position.coords.longitude));
    try {
      const response = await callApi(`${href("/api/geocode.php")}?${query}`, { headers: { Accept: "application/json" } });
      const body = (await response.json()) as Geocode | { message?: string };
      if (!response.ok || !("region" in body)) {
        setLookup({ state: "error", message: ("message" in body && body.message) || t("members:location.unavailable") });
        return;
      }
      // Where the country is fixed (signup), another of the site's countries is no answer either.
      if (!countries.some((one) => one.code === body.country)) {
        setLookup({ state: "error", message: t("members:geocode.outside") });
        return;
      }
      setCountry(body.country);
      setRegion(String(body.region.id));
      setLookup({ state: "done", geocode: body });
    } catch {
      setLookup({ state: "error", message: t("members:location.unavailable") });
    }
  }

  return (
    <div className="location-picker">
      {countryProps &&
        (countries.length > 1 ? (
          <div className="form-field">
            <label htmlFor={countryProps.id}>{t("signup:account.country")}</label>
            <select
              {...countryProps}
              value={country}
              onChange={(event) => {
                setCountry(event.currentTarget.value);
                setRegion("");
              }}
            >
              {countries.map(({ code, name }) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
            {countryError}
          </div>
        ) : (
          <input type="hidden" name={countryProps.name} value={country} />
        ))}
      <div className="form-field">
        <label htmlFor={regionProps.id}>{t("signup:location.region")}</label>
        <select {...regionProps} value={region} onChange={(event) => setRegion(event.currentTarget.value)}>
          <option value="">{t("signup:location.choose")}</option>
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </select>
        {regionError}
      </div>
      {permission !== "unsupported" && (
        <div className="location-picker__geo">
          <button
            type="button"
            className={`btn btn-outline btn-sm location-picker__button location-picker__button--${lookup.state}`}
            onClick={locate}
            disabled={lookup.state === "active" || permission === "denied"}
            aria-busy={lookup.state === "active"}
          >
            <svg className="icon" aria-hidden="true">
              <use href="/icons.svg#map-pin" />
            </svg>{" "}
            {lookup.state === "active" ? t("members:location.locating") : t("members:location.useMyLocation")}
          </button>
          <p className={lookup.state === "error" ? "field-error" : "field-hint"} role="status">
            {lookup.state === "error"
              ? lookup.message
              : lookup.state === "done"
                ? t("members:location.found", {
                    region: lookup.geocode.region.name,
                    country: nameOf(lookup.geocode.country),
                  })
                : permission === "denied"
                  ? t("members:location.blocked")
                  : t("members:location.privacy")}
          </p>
        </div>
      )}
    </div>
  );
}
