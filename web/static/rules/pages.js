// The rules pages and the gallery exist once per language (rules/tuerme.html in English, the
// address everybody links to, and rules/tuerme.nl.html, .de.html, .fr.html beside it), each
// listing the others as <link rel="alternate" hreflang>. This script runs in <head>, before the
// page is painted: a reader who chose another language (in the app or with the page's language
// links; the app's storage key), or who has made no choice but whose browser prefers one of ours
// (as the app does on a first visit), is sent from an English page on to his own, and a language
// link he follows becomes his choice.
(() => {
  "use strict";
  const KEY = "pygame_rules.lang";  // STORAGE_KEY of app/i18n.js

  function stored() {
    try {
      return localStorage.getItem(KEY);
    } catch {
      return null;  // storage refused: no choice known
    }
  }

  // The first of the browser's preferred languages that we have (base tags: de-AT is de).
  function preferred() {
    for (const tag of navigator.languages || [navigator.language || ""]) {
      const base = String(tag).toLowerCase().split("-")[0];
      if (base === "en" || document.querySelector(`link[rel="alternate"][hreflang="${CSS.escape(base)}"]`)) {
        return base;
      }
    }
    return null;
  }

  const chosen = stored() || preferred();
  const page = document.documentElement.lang;
  const version = chosen && chosen !== page
    && document.querySelector(`link[rel="alternate"][hreflang="${CSS.escape(chosen)}"]`);
  if (page === "en" && version) {
    location.replace(version.href + location.hash);
    return;
  }
  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element && event.target.closest("a[hreflang]");
    if (!link) return;
    try {
      localStorage.setItem(KEY, link.hreflang);
    } catch {
      // storage full or refused: the link still leads to the page
    }
  });
})();
