document.addEventListener("visibilitychange", function beacon() {
  if (document.visibilityState !== "hidden" || !navigator.sendBeacon) return;
  document.removeEventListener("visibilitychange", beacon);
  navigator.sendBeacon("/api/page-hidden.php");
});
