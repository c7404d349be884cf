/** Registers `/sw.js` (web/public/sw.js): the app shell offline, the API network-first. Production only. */
export const registerServiceWorker = (): void => {
  if (!("serviceWorker" in navigator)) return;
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
      // No service worker (private mode, insecure origin): the app works online as before.
    });
  });
};
