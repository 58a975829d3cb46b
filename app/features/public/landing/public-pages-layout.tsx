import { Outlet } from "react-router";
import { PublicFrame } from "./public-frame.tsx";

/** The layout route of the public pages other than the landing (pricing, blog, contact, legal texts). */
export default function PublicPagesLayout() {
  return (
    <PublicFrame>
      <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6">
        <Outlet />
      </div>
    </PublicFrame>
  );
}
