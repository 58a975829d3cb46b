import { Suspense } from "react";
import { Link, Outlet } from "react-router";
import { Toaster } from "sonner";
import { LoadingScreen } from "../routing/loading-screen.tsx";

/** Shared chrome of every page (header, side menu for signed-in users, toasts). */
export function AppLayout() {
  return (
    <div className="min-h-screen bg-background text-foreground">
      <header className="flex h-14 items-center border-b px-4">
        <Link to="/" className="font-semibold">Campo</Link>
      </header>
      <main className="mx-auto w-full max-w-7xl p-4">
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </main>
      <Toaster position="top-right" />
    </div>
  );
}
