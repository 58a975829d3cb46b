import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { createInstance, type Resource } from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { DEFAULT_LANGUAGE, type Language } from "../../shared/i18n/languages.ts";
import { SessionProvider } from "../lib/session.tsx";
import { OwnChromeFrame, PageChrome } from "../components/layout/app-layout.tsx";
import { LandingPage } from "../features/public/landing/landing-page.tsx";
import AuthPage from "../features/auth/auth-page.tsx";
import { PRERENDERED_PAGES, type PrerenderedPage } from "../../shared/prerendered-pages.ts";

const catalogs = import.meta.glob<Record<string, unknown>>("../../shared/i18n/locales/*/*.json", {
  eager: true,
  import: "default",
});

function resourcesOf(language: Language): Resource {
  const namespaces: Record<string, Record<string, unknown>> = {};
  for (const [file, catalog] of Object.entries(catalogs)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (match?.[1] === language && match[2]) namespaces[match[2]] = catalog;
  }
  return { [language]: namespaces };
}

/** Each prerendered page: the catalogs it reads and what the app draws there for a signed-out visitor. */
const PAGES: Record<PrerenderedPage, { namespaces: string[]; element: () => ReactNode }> = {
  home: { namespaces: ["public"], element: () => <LandingPage /> },
  auth: {
    namespaces: ["auth"],
    element: () => (
      <PageChrome permissions={undefined}>
        <AuthPage />
      </PageChrome>
    ),
  },
};

/**
 * A page as a signed-out visitor's browser first draws it, in one language: what the build writes into its HTML so
 * the page paints before any script runs (scripts/prerender.ts). The app then draws it again.
 */
export async function renderPage(page: PrerenderedPage, language: Language): Promise<string> {
  const { namespaces, element } = PAGES[page];
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    resources: resourcesOf(language),
    ns: ["common", "errors", ...namespaces],
    defaultNS: "common",
    fallbackNS: "common",
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  const queryClient = new QueryClient();
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <StaticRouter location={PRERENDERED_PAGES[page].path}>
            <OwnChromeFrame>{element()}</OwnChromeFrame>
          </StaticRouter>
        </SessionProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}
