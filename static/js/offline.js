/* "Keep for offline use": registers the service worker, asks it to save a tournament's pages,
   says on a page opened from a saved copy that it is one, and, back online, says when a saved
   copy is older than the site. Every line it writes is text (textContent, text nodes): a
   tournament's name is what its director typed. */
"use strict";

(function () {
  // Its words come from the page, in the page's language: data-offline-* attributes on the
  // button (its own lines) and on <main> (the lines on any page), English as the fallback.
  // "{name}", "{when}" and "{pages}" are filled in here.
  function words(element, name, fallback, values) {
    const given = element && element.dataset ? element.dataset[name] : "";
    let text = given || fallback;
    for (const [key, value] of Object.entries(values || {})) {
      text = text.split(`{${key}}`).join(String(value));
    }
    return text;
  }

  if (!("serviceWorker" in navigator)) {
    document.querySelectorAll("[data-offline-save]").forEach((button) => {
      button.disabled = true;
      button.title = words(button, "offlineCannot", "This browser cannot keep pages for offline use.");
    });
    return;
  }

  function ask(worker, message) {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => resolve(event.data);
      worker.postMessage(message, [channel.port2]);
    });
  }

  async function activeWorker() {
    const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    await navigator.serviceWorker.ready;
    return registration.active || registration.waiting || registration.installing;
  }

  function show(element, text) {
    if (element) element.textContent = text;
  }

  document.querySelectorAll("[data-offline-save]").forEach((button) => {
    const status = document.getElementById(button.getAttribute("aria-describedby"));
    button.addEventListener("click", async () => {
      button.disabled = true;
      show(status, words(button, "offlineSaving", "Saving…"));
      try {
        const answer = await ask(await activeWorker(), { type: "save", manifest: button.dataset.offlineSave });
        if (answer.error) throw new Error(answer.error);
        const when = new Date(answer.meta.savedAt).toLocaleString();
        const yours = answer.meta.signedIn
          ? " " + words(button, "offlineYours", "The tournament's private card is kept with them for you, until you log out.")
          : "";
        show(status, words(button, "offlineSaved", "Saved for offline use on {when}: {pages} pages.", { when, pages: answer.meta.pages }) + yours);
      } catch (error) {
        show(status, words(button, "offlineNotSaved", "Not saved: {error}", { error: error.message }));
      } finally {
        button.disabled = false;
      }
    });
  });

  // Opened from a saved copy (the network failed): "You are offline. This is the copy of …".
  // Resolves to that copy's metadata (null online), which the search page's script awaits.
  async function showSavedLine() {
    const worker = navigator.serviceWorker.controller;
    const main = document.getElementById("main");
    if (!worker || !main) return null;
    const answer = await ask(worker, { type: "answered-from-copy" });
    const meta = answer && answer.meta;
    if (!meta) return null;
    const line = document.createElement("p");
    line.className = "offline-banner";
    line.setAttribute("role", "status");
    const when = document.createElement("time");
    when.dateTime = meta.savedAt;
    when.textContent = new Date(meta.savedAt).toLocaleString();
    const before = document.createTextNode(
      words(main, "offlineCopyOf", "You are offline. This is the copy of {name} saved for offline use on", { name: meta.name }) + " "
    );
    line.append(before, when, document.createTextNode("."));
    main.prepend(line);
    return meta;
  }
  window.offlineCopy = showSavedLine();

  // Logging out forgets the pages a copy kept signed in (a private card), before the form goes.
  document.querySelectorAll("form[data-forget-signed-in]").forEach((form) => {
    form.addEventListener("submit", async (event) => {
      const worker = navigator.serviceWorker.controller;
      if (!worker || form.dataset.forgotten) return;
      event.preventDefault();
      const waited = new Promise((resolve) => setTimeout(resolve, 2000)); // never hold it long
      await Promise.race([ask(worker, { type: "forget-signed-in" }), waited]);
      form.dataset.forgotten = "yes";
      form.requestSubmit();
    });
  });

  // Back online with saved copies: forget the pages kept signed in that the site no longer
  // lists for whoever is signed in now (signed out, another reader, the card made public or
  // the reader no longer its director), and tell the reader when a copy is older than the site.
  async function checkSavedCopies() {
    const registration = await navigator.serviceWorker.getRegistration("/");
    if (!registration || !registration.active || !navigator.onLine) return;
    const answer = await ask(registration.active, { type: "status" });
    for (const meta of answer.metas || []) {
      const listing = await fetch(meta.manifest, { credentials: "same-origin", cache: "no-store" }).catch(() => null);
      if (!listing || listing.status >= 500) continue; // the network or the site failed: nothing known
      const now = listing.ok ? await listing.json() : null; // 404: no longer one this reader may keep
      if (meta.signedIn && !(now && now.signed_in && now.signed_in.length)) {
        await ask(registration.active, { type: "forget-signed-in", tournament: meta.tournament });
      }
      if (!now || now.version === meta.version) continue;
      const notice = document.createElement("p");
      notice.className = "offline-newer";
      notice.setAttribute("role", "status");
      const main = document.getElementById("main");
      notice.textContent = words(
        main,
        "offlineNewer",
        "Your offline copy of {name} was saved on {when}; a newer version exists. Open its page and keep it for offline use again.",
        { name: meta.name, when: new Date(meta.savedAt).toLocaleString() }
      );
      if (main) main.prepend(notice);
    }
  }
  checkSavedCopies();
})();
