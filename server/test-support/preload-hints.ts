/** The addresses of the `<link>` hints `pattern` matches, unescaped as the browser reads them. */
function hintsOf(html: string, pattern: RegExp): string[] {
  return [...html.matchAll(pattern)].map((match) => match[1]!.replaceAll("&amp;", "&"));
}

/** Every file and read the HTML preloads (`modulepreload` and `preload`), in order. */
export function preloadHints(html: string): string[] {
  return hintsOf(html, /<link rel="(?:modulepreload|preload)"[^>]*href="([^"]+)"/g);
}

/** The API reads the HTML starts before its scripts run (`<link rel="preload" as="fetch">`), in order. */
export function preloadedReads(html: string): string[] {
  return hintsOf(html, /<link rel="preload" href="([^"]+)" as="fetch"/g);
}
