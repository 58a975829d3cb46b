import type { ReactNode } from "react";
import { LandingHeader } from "./landing-header.tsx";
import { LandingFooter } from "./landing-footer.tsx";

/** The public site's header menu and footer around a page: the landing and every other public page share them. */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <LandingHeader />
      <main id="main">{children}</main>
      <LandingFooter />
    </>
  );
}
