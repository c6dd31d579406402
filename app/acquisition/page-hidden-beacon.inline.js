(() => {
  var sent;
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "hidden" || !navigator.sendBeacon || sent === location.pathname) return;
    sent = location.pathname;
    navigator.sendBeacon("/api/page-hidden.php", "{}");
  });
})();
