// React Router's scripts, written inert by the build, start once the page has painted and its first
// photos have loaded, at the member's first key or touch, or after 3 s (ADR 063).
(() => {
  const live = { "x-modulepreload": "modulepreload", "x-preload": "preload", "x-module": "module" };
  let started = false;
  function start() {
    if (started) return;
    started = true;
    // A copy keeps the attributes and the nonce; inserted, it fetches or runs.
    for (const inert of document.querySelectorAll('link[rel^="x-"],script[type="x-module"]')) {
      const copy = inert.cloneNode(true);
      if (copy.localName === "link") copy.rel = live[copy.rel];
      else copy.type = live[copy.type];
      document.head.appendChild(copy);
    }
  }
  for (const input of ["pointerdown", "keydown"]) addEventListener(input, start, { capture: true, passive: true, once: true });
  setTimeout(start, 3000);
  // The first photos and the first paint (a frame, then a task; a hidden tab paints nothing).
  let waiting = 1;
  const settled = () => {
    waiting -= 1;
    if (waiting === 0) start();
  };
  for (const photo of document.images) {
    if (photo.fetchPriority !== "high" || photo.complete) continue;
    waiting += 1;
    photo.addEventListener("load", settled, { once: true });
    photo.addEventListener("error", settled, { once: true });
  }
  if (document.hidden) settled();
  else requestAnimationFrame(() => setTimeout(settled, 0));
})();
