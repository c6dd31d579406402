/**
 * React Router checks the origin of document form posts, not of resource routes: every
 * state-changing resource route calls this first (ADR 022,
 * docs/decisions/022-csrf-and-origin-checks.md).
 */
import { data } from "react-router";

export function isSameOrigin(request: Request): boolean {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site && site !== "same-origin" && site !== "none") return false;
  const origin = request.headers.get("Origin");
  if (!origin) return site === "same-origin";
  try {
    return new URL(origin).host === new URL(request.url).host;
  } catch {
    return false;
  }
}

export function assertSameOrigin(request: Request) {
  if (!isSameOrigin(request)) throw data({ error: "forbidden" }, { status: 403 });
}
