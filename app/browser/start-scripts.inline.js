// React Router's scripts, written inert by the build, start once the page has painted and its first
// photos have loaded, at the member's first key or touch, or after 3 s (ADR 063).
(() => {
  var live = { "x-modulepreload": "modulepreload", "x-preload": "preload", "x-module": "module" };
  var started = false;
  function start() {
    if (started) return;
    started = true;
    // A copy keeps the attributes and the nonce; inserted, it fetches or runs.
    for (var inert of document.querySelectorAll('link[rel^="x-"],script[type="x-module"]')) {
      var copy = inert.cloneNode(true);
      if (copy.localName === "link") copy.rel = live[copy.rel];
      else copy.type = live[copy.type];
      document.head.appendChild(copy);
    }
  }
  for (var input of ["pointerdown", "keydown"]) addEventListener(input, start, { capture: true, passive: true, once: true });
  setTimeout(start, 3000);
  // The first photos and the first paint (a frame, then a task; a hidden tab paints nothing).
  var waiting = 1;
  var settled = () => {
    waiting -= 1;
    if (waiting === 0) start();
  };
  for (var photo of document.images) {
    if (photo.fetchPriority !== "high" || photo.complete) continue;
    waiting += 1;
    photo.addEventListener("load", settled, { once: true });
    photo.addEventListener("error", settled, { once: true });
  }
  if (document.hidden) settled();
  else requestAnimationFrame(() => setTimeout(settled, 0));
})();
