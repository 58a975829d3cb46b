// Applies the saved theme before React loads so a dark-theme user never sees a white flash (CSP forbids inline scripts).
(function () {
  try {
    var saved = localStorage.getItem("campo_theme") || "system";
    var dark = saved === "dark" || (saved === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches);
    document.documentElement.classList.toggle("dark", dark);
  } catch {
    /* storage blocked: light theme */
  }
})();
