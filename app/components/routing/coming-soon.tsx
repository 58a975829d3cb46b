import type { RouteObject } from "react-router";

/** Route for a screen a later issue fills in: an honest "coming soon" state rather than a fake page. */
export function comingSoon(path: string, titleKey: string): RouteObject {
  return {
    path,
    lazy: async () => {
      const { default: ComingSoonPage } = await import("./coming-soon-page.tsx");
      return { Component: () => <ComingSoonPage titleKey={titleKey} /> };
    },
  };
}
