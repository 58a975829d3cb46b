import { useEffect } from "react";
import { useLocation } from "react-router";

/**
 * A link from another page to a landing section (/home#sectors) arrives before the section is drawn, so the browser's
 * own jump finds nothing: once the page is on screen, go to the section the address names.
 */
export function useScrollToHash(): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash.length > 1) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
}
