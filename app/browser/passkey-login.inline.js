// "Log in with a passkey" on /login (PasskeyLogin.tsx), without React: the WebAuthn ceremony of
// POST /api/passkeys/login-options and /login, with discoverable credentials (no address asked first).
(() => {
  if (!window.PublicKeyCredential || !navigator.credentials) return;
  document.documentElement.setAttribute("data-passkeys", "");
  const bytes = (text) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  const text = (buffer) =>
    btoa(String.fromCharCode(...new Uint8Array(buffer)))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
  const call = async (step, body) => {
    const response = await fetch(`/api/passkeys/${step}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" },
      body: JSON.stringify(body),
      credentials: "same-origin",
    });
    const json = await response.json();
    if (!response.ok) throw { text: json.message };
    return json;
  };
  document.addEventListener("click", async (event) => {
    const button = event.target.closest?.("[data-passkey-login]");
    if (!button || button.disabled) return;
    const box = button.parentElement;
    const alert = box.querySelector("[role=alert]");
    const busy = (on) => {
      button.disabled = on;
      button.setAttribute("aria-busy", on);
    };
    busy(true);
    alert.hidden = true;
    try {
      const { challengeId, options } = await call("login-options", {});
      options.challenge = bytes(options.challenge);
      for (const allowed of options.allowCredentials ?? []) allowed.id = bytes(allowed.id);
      const credential = await navigator.credentials.get({ publicKey: options }).catch((failure) => {
        const cancelled = failure?.name === "NotAllowedError" || failure?.name === "AbortError";
        throw { text: box.getAttribute(cancelled ? "data-cancelled" : "data-failed") };
      });
      const { response } = credential;
      const answer = await call("login", {
        challengeId,
        redirectTo: button.getAttribute("data-redirect-to"),
        response: {
          id: credential.id,
          rawId: text(credential.rawId),
          type: credential.type,
          response: {
            authenticatorData: text(response.authenticatorData),
            clientDataJSON: text(response.clientDataJSON),
            signature: text(response.signature),
            userHandle: response.userHandle ? text(response.userHandle) : undefined,
          },
          clientExtensionResults: credential.getClientExtensionResults(),
          authenticatorAttachment: credential.authenticatorAttachment || undefined,
        },
      });
      location.assign(answer.redirectTo);
    } catch (failure) {
      alert.textContent = failure?.text || box.getAttribute("data-generic");
      alert.hidden = false;
      busy(false);
    }
  });
})();
