// HabitFlow's service worker: the app shell comes from the network when it can be reached and
// from this cache when it cannot, so reloading offline still opens the app. The API is never
// cached.
const CACHE = "habitflow-shell-v1";
const SHELL = ["/", "/index.html", "/app.js", "/app.css", "/app.wasm", "/manifest.webmanifest", "/icon.svg", "/icon-192.png", "/icon-512.png"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== location.origin || url.pathname.startsWith("/api/")) return;
  event.respondWith(
    fetch(event.request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(event.request, copy));
        }
        return response;
      })
      .catch(() => caches.match(event.request).then((cached) => cached || caches.match("/index.html"))));
});

// A reminder pushed by the server: shown with its "Done" and "Later" actions.
self.addEventListener("push", (event) => {
  const data = event.data ? event.data.json() : {};
  event.waitUntil(self.registration.showNotification(data.title || "HabitFlow", {
    body: data.body, tag: data.tag, data, actions: data.actions || [], icon: "/icon-192.png",
  }));
});

self.addEventListener("notificationclick", (event) => event.waitUntil(act(event.notification, event.action)));

/// "Done" marks the habit and "Later" asks again in ten minutes, through the notification's
/// one-time URL and without opening the app; the body opens the app on the habit.
async function act(notification, action) {
  notification.close();
  const data = notification.data || {};
  if (action && data.act) {
    await fetch(data.act, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ action }) });
    return;
  }
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  if (windows.length) {
    windows[0].postMessage({ habit: data.habit });
    await windows[0].focus();
  } else {
    await self.clients.openWindow("/" + (data.habit ? "?habit=" + encodeURIComponent(data.habit) : ""));
  }
}
