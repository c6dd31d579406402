// React Router's scripts, written inert by the build, start once the page has painted and its first
// photos have loaded, at the member's first key or touch, or after 3 s (ADR 063).
(() => {
  var nonce = document.currentScript && document.currentScript.nonce;
  var inputs = ["pointerdown", "keydown"];
  var started = false;
  function start() {
    if (started) return;
    started = true;
    for (var type of inputs) removeEventListener(type, start, true);
    document.querySelectorAll('link[rel="x-modulepreload"]').forEach((inert) => {
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = inert.href;
      if (inert.crossOrigin) link.crossOrigin = inert.crossOrigin;
      if (inert.integrity) link.integrity = inert.integrity;
      document.head.appendChild(link);
    });
    document.querySelectorAll('link[rel="x-preload"]').forEach((inert) => {
      var link = document.createElement("link");
      link.rel = "preload";
      link.as = inert.getAttribute("as");
      link.crossOrigin = inert.crossOrigin;
      link.href = inert.href;
      document.head.appendChild(link);
    });
    document.querySelectorAll('script[type="x-module"]').forEach((inert) => {
      var script = document.createElement("script");
      script.type = "module";
      if (nonce) script.nonce = nonce;
      script.textContent = inert.textContent;
      document.head.appendChild(script);
    });
  }
  for (var input of inputs) addEventListener(input, start, { capture: true, passive: true, once: true });
  setTimeout(start, 3000);
  var photos = Array.prototype.filter.call(document.images, (image) => image.fetchPriority === "high" && !image.complete);
  // The photos and the first paint (a frame, then a task; a hidden tab paints nothing).
  var waiting = photos.length + 1;
  function settled() {
    waiting -= 1;
    if (waiting === 0) start();
  }
  photos.forEach((photo) => {
    var once = () => {
      photo.removeEventListener("load", once);
      photo.removeEventListener("error", once);
      settled();
    };
    photo.addEventListener("load", once);
    photo.addEventListener("error", once);
  });
  if (document.hidden) settled();
  else requestAnimationFrame(() => setTimeout(settled, 0));
})();
