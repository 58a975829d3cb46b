// First: zod must know the CSP allows no eval before any module defines or parses a schema.
import "./lib/zod-jitless.ts";
import { startTransition, StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { QueryClientProvider } from "@tanstack/react-query";
import { queryClient } from "./lib/query-client.ts";
import { SessionProvider } from "./lib/session.tsx";
import { AppErrorBoundary } from "./components/routing/app-error-boundary.tsx";
import { LoadingScreen } from "./components/routing/loading-screen.tsx";
import { routes } from "./routes.tsx";
import { keepPrerenderUntilReady } from "./prerender/keep-prerender.ts";
import { i18nReady } from "./lib/i18n.ts";
import "./pwa/start-pwa.ts";
import "./styles.css";

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("Root element not found");

const router = createBrowserRouter(routes);

await keepPrerenderUntilReady(rootElement, router, i18nReady);

// A transition lets React yield to the browser while it builds the first screen instead of holding the main thread
// in one long task (a phone's taps and the page's first paint are not kept waiting).
startTransition(() => {
  createRoot(rootElement).render(
    <StrictMode>
      <AppErrorBoundary>
        <Suspense fallback={<LoadingScreen />}>
          <QueryClientProvider client={queryClient}>
            <SessionProvider>
              <RouterProvider router={router} />
            </SessionProvider>
          </QueryClientProvider>
        </Suspense>
      </AppErrorBoundary>
    </StrictMode>,
  );
});
