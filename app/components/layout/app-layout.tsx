import type { ReactNode } from "react";
import { Outlet, useMatches, useNavigation } from "react-router";
import { useSession } from "../../lib/session.tsx";
import type { PermissionObject } from "../../../shared/permissions/permissions.ts";
import { cn } from "../../lib/cn.ts";
import { LoadingScreen } from "../routing/loading-screen.tsx";
import { Toaster } from "../ui/toaster.tsx";
import { DeferredSyncProvider } from "../sync/deferred-sync-provider.tsx";
import { AppHeader } from "./app-header.tsx";
import { SideNav } from "./side-nav.tsx";
import { PageViewTracker } from "../../lib/analytics/page-view-tracker.tsx";

/** Route `handle` of pages that draw their own full-width chrome (the landing page). */
export interface LayoutHandle {
  ownChrome?: boolean;
}

function hasOwnChrome(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as LayoutHandle).ownChrome === true;
}

/** The full-width frame of a page that draws its own chrome; the landing's build-time prerender uses it too. */
export function OwnChromeFrame({ children }: { children: ReactNode }) {
  return <div className="min-h-screen bg-background text-foreground">{children}</div>;
}

/**
 * The header, the side menu of a signed-in user (undefined permissions: signed out) and the main column; /auth's
 * build-time prerender draws it signed out.
 */
export function PageChrome({
  permissions,
  children,
}: {
  permissions: PermissionObject | undefined;
  children: ReactNode;
}) {
  const signedIn = Boolean(permissions);
  return (
    <>
      <AppHeader signedIn={signedIn} permissions={permissions} />
      {signedIn ? (
        <aside className="fixed inset-y-0 left-0 top-14 hidden w-64 overflow-y-auto border-r bg-card p-4 lg:block">
          <SideNav permissions={permissions} />
        </aside>
      ) : null}
      <div className={cn(signedIn && "lg:pl-64")}>
        <main id="main" className="mx-auto w-full p-4 sm:max-w-4xl sm:p-6 lg:max-w-7xl">
          {children}
        </main>
      </div>
    </>
  );
}

/** Shared chrome of every page: header, side menu for signed-in users (fixed from 1024 px, a drawer below), toasts. */
export function AppLayout() {
  const { me } = useSession();
  const navigation = useNavigation();
  const ownChrome = useMatches().some((match) => hasOwnChrome(match.handle));
  // A lazy page's chunk is on its way: show the spec's 'Carregando...' instead of the previous page.
  const content = navigation.state === "loading" ? <LoadingScreen /> : <Outlet />;

  if (ownChrome) {
    return (
      <OwnChromeFrame>
        {content}
        <Toaster />
        <DeferredSyncProvider />
        <PageViewTracker />
      </OwnChromeFrame>
    );
  }

  return (
    <OwnChromeFrame>
      <PageChrome permissions={me?.permissions}>{content}</PageChrome>
      <Toaster />
      <DeferredSyncProvider />
      <PageViewTracker />
    </OwnChromeFrame>
  );
}
